import { Inject } from '@nestjs/common';
import { Args, Mutation, Query, Resolver } from '@nestjs/graphql';
import { OwnerOnly, Public, VerifiedOwner, type VerifiedGalleryOwner } from '@gallery/platform';
import { BackupModel, OAuthBackupKind } from './backup.model.js';
import { BackupsService } from './backups.service.js';

/** The couple's backup operations (AccessGuard checks the owner before each). */
@Resolver(() => BackupModel)
export class BackupsResolver {
  constructor(@Inject(BackupsService) private readonly backups: BackupsService) {}

  @OwnerOnly('eventCode')
  @Query(() => BackupModel, {
    nullable: true,
    description: "Owner only: the gallery's backup to a cloud drive and how far it has come, or null",
  })
  backup(
    @Args('eventCode') _eventCode: string,
    @VerifiedOwner() { gallery }: VerifiedGalleryOwner,
  ): Promise<BackupModel | null> {
    return this.backups.state(gallery.code);
  }

  @OwnerOnly('eventCode')
  @Mutation(() => BackupModel, {
    description:
      'Owner only, Premium only: connects a WebDAV folder (Nextcloud, ownCloud, Synology, kDrive...) with an app password, checked with the drive first; every photo uploaded from now on is copied there',
  })
  connectWebDavBackup(
    @Args('eventCode') _eventCode: string,
    @Args('url', { description: 'The WebDAV folder address' }) url: string,
    @Args('username') username: string,
    @Args('password', { description: 'An app password made for this backup' }) password: string,
    @Args('folderPerGuest', { defaultValue: false }) folderPerGuest: boolean,
    @VerifiedOwner() { gallery }: VerifiedGalleryOwner,
  ): Promise<BackupModel> {
    return this.backups.connect(gallery, { url, username, password, folderPerGuest });
  }

  @Public()
  @Query(() => [OAuthBackupKind], {
    description:
      'The drives a couple connects by signing in with them that this site offers (those whose app is configured); WebDAV is always offered',
  })
  backupDrives(): OAuthBackupKind[] {
    return this.backups.offeredDrives().map((kind) => OAuthBackupKind[kind]);
  }

  @OwnerOnly('eventCode')
  @Mutation(() => String, {
    description:
      "Owner only, Premium only: the drive's sign-in page (Google Drive or Dropbox) to send the couple to; coming back from it connects the drive",
  })
  startOAuthBackup(
    @Args('eventCode') _eventCode: string,
    @Args('drive', { type: () => OAuthBackupKind }) drive: OAuthBackupKind,
    @Args('folderPerGuest', { defaultValue: false }) folderPerGuest: boolean,
    @VerifiedOwner() { gallery, owner }: VerifiedGalleryOwner,
  ): Promise<string> {
    return this.backups.startOAuth(gallery, owner.email, drive, folderPerGuest);
  }

  @OwnerOnly('eventCode')
  @Mutation(() => Boolean, {
    description:
      "Owner only: forgets the drive and its credentials; what was copied stays in the couple's drive",
  })
  disconnectBackup(
    @Args('eventCode') _eventCode: string,
    @VerifiedOwner() { gallery }: VerifiedGalleryOwner,
  ): Promise<boolean> {
    return this.backups.disconnect(gallery.code);
  }

  @OwnerOnly('eventCode')
  @Mutation(() => BackupModel, {
    description:
      'Owner only, Premium only: copies every photo the gallery already has (those copied stay as they are)',
  })
  backUpEverything(
    @Args('eventCode') _eventCode: string,
    @VerifiedOwner() { gallery }: VerifiedGalleryOwner,
  ): Promise<BackupModel> {
    return this.backups.backUpEverything(gallery);
  }

  @OwnerOnly('eventCode')
  @Mutation(() => BackupModel, {
    description:
      'Owner only: a folder per guest inside the gallery folder for the copies from now on, or not',
  })
  setBackupFolderPerGuest(
    @Args('eventCode') _eventCode: string,
    @Args('folderPerGuest') folderPerGuest: boolean,
    @VerifiedOwner() { gallery }: VerifiedGalleryOwner,
  ): Promise<BackupModel> {
    return this.backups.setFolderPerGuest(gallery.code, folderPerGuest);
  }
}

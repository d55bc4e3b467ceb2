import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { BACKUP_LIMITS, GALLERY_PHOTOS_PAGE_LIMIT, type EventCreatedData } from '@gallery/contracts';
import { AppError, RateLimits } from '@gallery/platform';
import { BackupConfig } from '../config/backup-config.js';
import { CredentialCipher } from '../destinations/credential-cipher.js';
import { checkedFolderAddress } from '../destinations/destination-address.js';
import { DriveError, WebDavClient } from '../destinations/webdav-client.js';
import { BackupModel } from './backup.model.js';
import { BackupRepository } from './backup-repository.js';
import { BackupWorker } from './backup-worker.js';
import { ServiceRequests } from './service-requests.js';

/** What the couple gives to connect a WebDAV folder. */
export interface WebDavConnection {
  url: string;
  username: string;
  password: string;
  folderPerGuest: boolean;
}

/** The couple's operations on their gallery's backup (the owner already verified by AccessGuard). */
@Injectable()
export class BackupsService {
  private readonly cipher: CredentialCipher;

  constructor(
    @Inject(BackupConfig) private readonly config: BackupConfig,
    @Inject(BackupRepository) private readonly repository: BackupRepository,
    @Inject(ServiceRequests) private readonly requests: ServiceRequests,
    @Inject(RateLimits) private readonly rateLimits: RateLimits,
    @Inject(BackupWorker) private readonly worker: BackupWorker,
  ) {
    this.cipher = new CredentialCipher(config.secretKey);
  }

  async state(code: string): Promise<BackupModel | null> {
    const destination = await this.repository.findByGallery(code);
    return destination && BackupModel.of(destination, await this.repository.counts(destination.id));
  }

  /**
   * Connects a WebDAV folder (Premium only, one per gallery): the address checked, the credentials tried with the
   * drive (PROPFIND) and refused with the reason when it does not take them, then kept sealed. Photos uploaded
   * from now on are copied; "back up everything now" copies those from before.
   */
  async connect(gallery: EventCreatedData, input: WebDavConnection, now = new Date()): Promise<BackupModel> {
    if (gallery.plan !== 'premium' || new Date(gallery.expiresAt) <= now) {
      throw new AppError('BACKUP_NEEDS_PREMIUM');
    }
    if (
      input.username.length > BACKUP_LIMITS.usernameChars ||
      input.password.length > BACKUP_LIMITS.passwordChars
    ) {
      throw new AppError('BACKUP_CREDENTIALS_TOO_LONG');
    }
    if (await this.repository.findByGallery(gallery.code)) throw new AppError('BACKUP_ALREADY_CONNECTED');
    await this.rateLimits.consume('backupConnects', gallery.code);
    const address = await checkedFolderAddress(input.url, this.config.allowPrivateDestinations);
    const credentials = { url: address, username: input.username.trim(), password: input.password };
    try {
      await new WebDavClient(credentials, BACKUP_LIMITS.checkSeconds * 1000).check();
    } catch (error) {
      if (!(error instanceof DriveError)) throw error;
      if (error.failure === 'REFUSED') throw new AppError('BACKUP_CREDENTIALS_REFUSED');
      if (error.failure === 'UNREACHABLE') throw new AppError('BACKUP_DESTINATION_UNREACHABLE');
      throw new AppError('BACKUP_NOT_WEBDAV');
    }
    const id = randomUUID();
    const added = await this.repository.insert({
      id,
      eventCode: gallery.code,
      kind: 'WEBDAV',
      address,
      username: credentials.username,
      credentials: this.cipher.seal(credentials.password, id),
      galleryName: gallery.name,
      folderPerGuest: input.folderPerGuest,
      plan: gallery.plan,
      expiresAt: new Date(gallery.expiresAt),
    });
    if (!added) throw new AppError('BACKUP_ALREADY_CONNECTED');
    return (await this.state(gallery.code))!;
  }

  /** Forgets the drive: its sealed credentials and rows are deleted; what was copied stays in the drive. */
  async disconnect(code: string): Promise<boolean> {
    const destination = await this.repository.findByGallery(code);
    if (!destination) return false;
    await this.repository.deleteGallery(code);
    this.worker.forget(destination.id);
    return true;
  }

  async setFolderPerGuest(code: string, folderPerGuest: boolean): Promise<BackupModel> {
    if (!(await this.repository.findByGallery(code))) throw new AppError('BACKUP_NOT_CONNECTED');
    await this.repository.setFolderPerGuest(code, folderPerGuest);
    return (await this.state(code))!;
  }

  /**
   * Records every photo the gallery has now (asked of media a page at a time): those already recorded stay as
   * they are, the others are copied. Refused when the backup is stopped (the gallery left Premium).
   */
  async backUpEverything(gallery: EventCreatedData, now = new Date()): Promise<BackupModel> {
    const destination = await this.repository.findByGallery(gallery.code);
    if (!destination) throw new AppError('BACKUP_NOT_CONNECTED');
    if (gallery.plan !== 'premium' || new Date(gallery.expiresAt) <= now) {
      throw new AppError('BACKUP_NEEDS_PREMIUM');
    }
    await this.rateLimits.consume('backupEverything', gallery.code);
    let after: string | undefined;
    do {
      const page = await this.requests.galleryPhotos({
        code: gallery.code,
        limit: GALLERY_PHOTOS_PAGE_LIMIT,
        ...(after && { after }),
      });
      await this.repository.enqueue(
        gallery.code,
        page.photos.map((photo) => photo.id),
      );
      after = page.next ?? undefined;
    } while (after);
    this.worker.kick();
    return (await this.state(gallery.code))!;
  }
}

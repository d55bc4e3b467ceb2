import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  BACKUP_LIMITS,
  BACKUP_OAUTH_RESULT_PARAM,
  GALLERY_PHOTOS_PAGE_LIMIT,
  type BackupOAuthKind,
  type ErrorCode,
  type EventCreatedData,
} from '@gallery/contracts';
import { AppError, describeError, RateLimits } from '@gallery/platform';
import { BackupConfig } from '../config/backup-config.js';
import { DriveError } from '../destinations/backup-drive.js';
import { BackupDrives } from '../destinations/backup-drives.js';
import { checkedFolderAddress } from '../destinations/destination-address.js';
import { withinDeadline } from '../destinations/drive-deadline.js';
import { WebDavClient } from '../destinations/webdav-client.js';
import { OAuthStates } from '../destinations/oauth-state.js';
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

/** What a drive's sign-in brought back to the callback: a code and the state, or the drive's error. */
export interface OAuthCallback {
  code?: string;
  state?: string;
  error?: string;
}

/** The path of a drive's sign-in callback, on the product's public address (the gateway sends it here). */
export const OAUTH_CALLBACK_PATH = '/backup/oauth';
const CALLBACK_SEGMENTS: Record<BackupOAuthKind, string> = {
  GOOGLE_DRIVE: 'google-drive',
  DROPBOX: 'dropbox',
};
export const OAUTH_KIND_OF_SEGMENT = new Map(
  Object.entries(CALLBACK_SEGMENTS).map(([kind, segment]) => [segment, kind as BackupOAuthKind]),
);

/** The couple's operations on their gallery's backup (the owner already verified by AccessGuard). */
@Injectable()
export class BackupsService {
  private readonly logger = new Logger(BackupsService.name);
  private readonly states: OAuthStates;

  constructor(
    @Inject(BackupConfig) private readonly config: BackupConfig,
    @Inject(BackupRepository) private readonly repository: BackupRepository,
    @Inject(ServiceRequests) private readonly requests: ServiceRequests,
    @Inject(RateLimits) private readonly rateLimits: RateLimits,
    @Inject(BackupWorker) private readonly worker: BackupWorker,
    @Inject(BackupDrives) private readonly drives: BackupDrives,
  ) {
    this.states = new OAuthStates(config.secretKey);
  }

  /** The drives connected by signing in that this deployment offers (configured), WebDAV aside. */
  offeredDrives(): BackupOAuthKind[] {
    return this.drives.offered();
  }

  /**
   * The drive's sign-in page for the owner (Premium only, no drive yet): its `state` names the drive, gallery
   * and owner, is signed, lasts BACKUP_LIMITS.oauthStateMinutes and serves once.
   */
  async startOAuth(
    gallery: EventCreatedData,
    ownerEmail: string,
    kind: BackupOAuthKind,
    folderPerGuest: boolean,
    now = new Date(),
  ): Promise<string> {
    const app = this.drives.app(kind);
    if (gallery.plan !== 'premium' || new Date(gallery.expiresAt) <= now) {
      throw new AppError('BACKUP_NEEDS_PREMIUM');
    }
    if (await this.repository.findByGallery(gallery.code)) throw new AppError('BACKUP_ALREADY_CONNECTED');
    await this.rateLimits.consume('backupConnects', gallery.code);
    // The owner's address only as a digest: the state travels through the drive's sign-in page.
    const owner = createHash('sha256').update(ownerEmail.toLowerCase()).digest('base64url').slice(0, 16);
    const issued = this.states.issue(kind, gallery.code, owner, now.getTime());
    await this.repository.addOAuthState({
      nonce: issued.nonce,
      kind,
      eventCode: gallery.code,
      galleryName: gallery.name,
      plan: gallery.plan,
      galleryExpiresAt: new Date(gallery.expiresAt),
      folderPerGuest,
      expiresAt: new Date(issued.expiresAt),
    });
    return app.authorizeUrl(issued.state, this.callbackUrl(kind));
  }

  /**
   * The drive's sign-in came back: the state verified and used up, the code exchanged for tokens, the refresh
   * token sealed, the drive connected. Answers where to send the couple: their event page saying how it went
   * (a state that does not verify goes to the dashboard, as it names no gallery we can trust).
   */
  async finishOAuth(kind: BackupOAuthKind, callback: OAuthCallback): Promise<string> {
    const facts = callback.state ? this.states.verify(callback.state, kind) : null;
    if (!facts) return this.pageUrl(null, 'BACKUP_OAUTH_STATE_INVALID');
    const pending = await this.repository.takeOAuthState(facts.nonce, kind, facts.code);
    if (!pending) return this.pageUrl(facts.code, 'BACKUP_OAUTH_STATE_INVALID');
    if (callback.error || !callback.code || callback.code.length > BACKUP_LIMITS.oauthParamChars) {
      return this.pageUrl(facts.code, 'BACKUP_OAUTH_DENIED');
    }
    if (pending.plan !== 'premium' || pending.galleryExpiresAt <= new Date()) {
      return this.pageUrl(facts.code, 'BACKUP_NEEDS_PREMIUM');
    }
    try {
      const [app, code] = [this.drives.app(kind), callback.code];
      const grant = await withinDeadline(BACKUP_LIMITS.checkSeconds * 1000, 'the sign-in', (signal) =>
        app.grant(code, this.callbackUrl(kind), signal),
      );
      const id = randomUUID();
      const added = await this.repository.insert({
        id,
        eventCode: pending.eventCode,
        kind,
        address: grant.address.slice(0, BACKUP_LIMITS.urlChars),
        username: grant.account.slice(0, BACKUP_LIMITS.usernameChars),
        credentials: this.drives.cipher.seal(grant.secret, id),
        galleryName: pending.galleryName,
        folderPerGuest: pending.folderPerGuest,
        plan: pending.plan,
        expiresAt: pending.galleryExpiresAt,
      });
      return this.pageUrl(facts.code, added ? null : 'BACKUP_ALREADY_CONNECTED');
    } catch (error) {
      this.logger.warn(`connecting ${kind} for ${facts.code}: ${describeError(error)}`);
      if (error instanceof DriveError && error.failure === 'REFUSED') {
        return this.pageUrl(facts.code, 'BACKUP_OAUTH_DENIED');
      }
      return this.pageUrl(facts.code, 'BACKUP_DESTINATION_UNREACHABLE');
    }
  }

  private callbackUrl(kind: BackupOAuthKind): string {
    return `${this.config.publicUrl}${OAUTH_CALLBACK_PATH}/${CALLBACK_SEGMENTS[kind]}/callback`;
  }

  /** The event page's Backup section with the outcome, or the dashboard when no gallery is known. */
  private pageUrl(code: string | null, error: ErrorCode | null): string {
    const result = `${BACKUP_OAUTH_RESULT_PARAM}=${error ?? 'connected'}`;
    if (!code) return `${this.config.publicUrl}/dashboard?${result}`;
    return `${this.config.publicUrl}/event/${encodeURIComponent(code)}?${result}#backup`;
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
      const drive = new WebDavClient(credentials, this.config.allowPrivateDestinations);
      await withinDeadline(BACKUP_LIMITS.checkSeconds * 1000, 'the check', (signal) => drive.check(signal));
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
      credentials: this.drives.cipher.seal(credentials.password, id),
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

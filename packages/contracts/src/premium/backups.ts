import type { MailLanguage } from '../mail/mail-language.js';

/**
 * The backup of a Premium gallery to the couple's own cloud drive: the limits every service and the web app
 * share, and what the event page shows of it.
 */
export const BACKUP_LIMITS = Object.freeze({
  /** A WebDAV folder address, scheme and path included (a Nextcloud one is about 90 characters). */
  urlChars: 500,
  usernameChars: 200,
  /** An app password or token; Nextcloud's are 72 characters. */
  passwordChars: 500,
  /**
   * How long connecting (the WebDAV check, or the exchange after a Google or Dropbox sign-in) may take in all,
   * however the drive trickles its answer, before giving up with DESTINATION_UNREACHABLE.
   */
  checkSeconds: 15,
  /**
   * Every copy to a drive has an overall deadline: this many seconds, plus its size at `copySlowestBytesPerSecond`
   * (a 30 MB photo about 90 s, a 500 MB video 584 s). A drive that answers slower, or trickles, fails the copy as
   * unreachable (tried again with back-off) instead of holding a lane.
   */
  copyBaseSeconds: 60,
  copySlowestBytesPerSecond: 1_000_000,
  /** How long the couple has to sign in with Google or Dropbox after pressing the button. */
  oauthStateMinutes: 10,
  /** The longest `code` or `state` an OAuth callback takes (Google's codes are about 75 characters). */
  oauthParamChars: 2000,
});

/**
 * Where a backup goes: a WebDAV folder (Nextcloud, ownCloud, Synology, kDrive and others, with an app password),
 * or Google Drive or Dropbox through OAuth (offered only where the product has an app registered with them).
 */
export const BACKUP_DESTINATION_KINDS = ['WEBDAV', 'GOOGLE_DRIVE', 'DROPBOX'] as const;
export type BackupDestinationKind = (typeof BACKUP_DESTINATION_KINDS)[number];

/** The drives connected through OAuth: the couple signs in with the drive, the product never sees a password. */
export const BACKUP_OAUTH_KINDS = ['GOOGLE_DRIVE', 'DROPBOX'] as const;
export type BackupOAuthKind = (typeof BACKUP_OAUTH_KINDS)[number];

/** The folder the product makes at the top of a Google Drive; each gallery's folder goes inside it. */
export const BACKUP_DRIVE_ROOT_FOLDER = 'Wedding Gallery';

/**
 * How an OAuth connection ended, in the query of the event page the drive's sign-in comes back to
 * (`?backup=connected`, or `?backup=<error code>`): the page says it in the couple's words.
 */
export const BACKUP_OAUTH_RESULT_PARAM = 'backup';

/**
 * ACTIVE: copying as photos arrive. STOPPED: the gallery left Premium (refund) or its storage ended: nothing new
 * is copied, what is in the drive stays the couple's.
 */
export const BACKUP_STATES = ['ACTIVE', 'STOPPED'] as const;
export type BackupState = (typeof BACKUP_STATES)[number];

/** Why a backup stopped: each has its sentence on the event page. */
export const BACKUP_STOP_REASONS = ['PLAN', 'EXPIRED'] as const;
export type BackupStopReason = (typeof BACKUP_STOP_REASONS)[number];

/**
 * Why the last copy failed, in words the couple can act on (the event page has a sentence for each); the
 * drive's own status or message is shown beside it.
 */
export const BACKUP_FAILURES = [
  /** The drive did not answer (down, unreachable, timed out). */
  'UNREACHABLE',
  /** The drive refused the user name or app password (401/403). */
  'REFUSED',
  /** The drive is full (507). */
  'FULL',
  /** Any other answer from the drive. */
  'SERVER_ERROR',
] as const;
export type BackupFailure = (typeof BACKUP_FAILURES)[number];

/** The folder a gallery's photos go to without a guest name, when the couple chose a folder per guest. */
export const BACKUP_UNNAMED_GUESTS_FOLDER = 'Guests without a name';

interface Mail {
  subject: string;
  text: string;
}

export interface BackupStoppedFacts {
  code: string;
  /** The drive's folder address, without credentials. */
  address: string;
  /** 'plan': a refund took the gallery off Premium; 'expired': its storage period ended. */
  reason: 'plan' | 'expired';
}

const backupStoppedTexts: Record<MailLanguage, (facts: BackupStoppedFacts) => Mail> = {
  en: ({ code, address, reason }) => ({
    subject: `Gallery ${code} is no longer backed up to your drive`,
    text: `Hello,\n\n${reason === 'plan' ? 'Your gallery is no longer on the Premium plan after the refund' : 'The storage period of your gallery has ended'}, so its new photos are no longer copied to ${address}.\n\nEverything already copied stays in your drive: it is yours to keep.\n\nThe Wedding Gallery team\n`,
  }),
  fr: ({ code, address, reason }) => ({
    subject: `La galerie ${code} n'est plus sauvegardée sur votre cloud`,
    text: `Bonjour,\n\n${reason === 'plan' ? "Après le remboursement, votre galerie n'est plus en formule Premium" : 'La durée de stockage de votre galerie est terminée'} : ses nouvelles photos ne sont plus copiées vers ${address}.\n\nTout ce qui a déjà été copié reste sur votre cloud : c'est à vous.\n\nL'équipe Wedding Gallery\n`,
  }),
  es: ({ code, address, reason }) => ({
    subject: `La galería ${code} ya no se copia en tu nube`,
    text: `Hola:\n\n${reason === 'plan' ? 'Tras el reembolso, tu galería ya no tiene el plan Premium' : 'El periodo de almacenamiento de tu galería terminó'}, así que sus nuevas fotos ya no se copian en ${address}.\n\nTodo lo que ya se copió sigue en tu nube: es tuyo.\n\nEl equipo de Wedding Gallery\n`,
  }),
};

/** The mail to the couple when their backup stops because the gallery left Premium or its storage ended. */
export function backupStoppedMail(language: MailLanguage, facts: BackupStoppedFacts): Mail {
  return backupStoppedTexts[language](facts);
}

import { z } from './validation/zod.js';
import { galleryCodeSchema } from './domain-events.js';
import { TABLE_CARD_LIMITS } from './table-cards.js';

/**
 * Download All: the contracts between the download service, media (the photo list), events (who may download)
 * and the gateway (live progress), and the limits of the zip builder.
 */

/** The most photos one GalleryPhotos page holds: 20,000 photos are 40 requests. */
export const GALLERY_PHOTOS_PAGE_LIMIT = 500;
/** How long a presigned link to a finished zip works: long enough to start the download, which then runs on. */
export const ARCHIVE_URL_SECONDS = 5 * 60;
/** Finished zips are deleted this many days after they were built (a new request builds a new one). */
export const ARCHIVE_RETENTION_DAYS = 7;

const isoDate = z.iso.datetime({ offset: true });

export const galleryPhotosRequestSchema = z.object({
  code: galleryCodeSchema,
  /** The `next` of the previous page; absent for the first. */
  after: z.string().min(1).max(200).optional(),
  limit: z.number().int().min(1).max(GALLERY_PHOTOS_PAGE_LIMIT),
  /** Only these photos of the gallery (the backup service copying the ones it was told of); all when absent. */
  ids: z.array(z.uuid()).min(1).max(GALLERY_PHOTOS_PAGE_LIMIT).optional(),
  /** Only the gallery's Highlights (its best photos, at most 100: one page), oldest first like the rest. */
  highlights: z.boolean().optional(),
});
export type GalleryPhotosRequest = z.infer<typeof galleryPhotosRequestSchema>;

export const archivePhotoSchema = z.object({
  id: z.uuid(),
  /** The original's object key in the media bucket (never shown to a browser). */
  originalKey: z.string().min(1).max(1000),
  /**
   * The key of its guests' copy (the original without location, serial numbers or names), what a guest's zip
   * holds; null while it is not made.
   */
  guestCopyKey: z.string().min(1).max(1000).nullable(),
  /**
   * Whether media makes its guests' copy when asked (Requests.GuestCopy): a photo's copy is made when it is first
   * needed. False with no key: none can be made (such a photo stays out of a guest's zip).
   */
  guestCopyPending: z.boolean().default(false),
  /** The 1600 px preview's key (what the faces service looks for faces in); null or absent while none is made. */
  previewKey: z.string().min(1).max(1000).nullable().optional(),
  /** The name the guest's file had, with the extension of its detected type. */
  fileName: z.string().min(1).max(1000),
  contentType: z.string().min(1).max(200),
  size: z.number().int().nonnegative(),
  createdAt: isoDate,
  kind: z.enum(['photo', 'video']),
  /** The name the uploading guest gave, already cleaned by media; null when none. */
  guestName: z.string().min(1).max(200).nullable(),
  /** The prompt of the challenge the photo was taken for, as the gallery's list has it now; null when none. */
  challengePrompt: z.string().min(1).max(400).nullable().optional(),
  /** The table whose card's QR code the photo was uploaded from (table cards); null when none. */
  tableNumber: z.number().int().min(1).max(TABLE_CARD_LIMITS.maxTableNumber).nullable().optional(),
});
export type ArchivePhoto = z.infer<typeof archivePhotoSchema>;

export const guestCopyRequestSchema = z.object({
  code: galleryCodeSchema,
  photoId: z.uuid(),
});
export type GuestCopyRequest = z.infer<typeof guestCopyRequestSchema>;

/** The key of the photo's guests' copy, made for this request if need be; null: no such photo, or none can be. */
export const guestCopyReplySchema = z.object({ key: z.string().min(1).max(1000).nullable() });
export type GuestCopyReply = z.infer<typeof guestCopyReplySchema>;

/**
 * How long download and backup wait for a guests' copy: media reads the original (up to MAX_PHOTO_BYTES), strips
 * it and stores the copy, after the thumbnails guests are waiting for; seconds at most when healthy.
 */
export const GUEST_COPY_REQUEST_TIMEOUT_MS = 30_000;

/** Oldest first, so a page boundary never moves while photos arrive; `next` null on the last page. */
export const galleryPhotosReplySchema = z.object({
  /** False when no gallery has this code. */
  found: z.boolean(),
  photos: z.array(archivePhotoSchema).max(GALLERY_PHOTOS_PAGE_LIMIT),
  next: z.string().min(1).max(200).nullable(),
});
export type GalleryPhotosReply = z.infer<typeof galleryPhotosReplySchema>;

export const downloadPermissionRequestSchema = z.object({
  code: galleryCodeSchema,
  /** The caller's Authorization header as received (`Bearer ...`), or absent. */
  authorization: z.string().max(1000).optional(),
});
export type DownloadPermissionRequest = z.infer<typeof downloadPermissionRequestSchema>;

/** `gallery` null: no gallery has this code. `allowed`: the owner, or anyone when the owner lets guests. */
export const downloadPermissionReplySchema = z.object({
  gallery: z.object({ code: galleryCodeSchema, name: z.string().min(1).max(200) }).nullable(),
  owner: z.boolean(),
  guestDownloadsAllowed: z.boolean(),
  /**
   * Whether every guest sees every photo now (photosSharedWithGuests): a guest zip holds the whole gallery, so
   * none is built or handed out while guests see only their own. Absent (older events service): shared.
   */
  photosShared: z.boolean().optional(),
});
export type DownloadPermissionReply = z.infer<typeof downloadPermissionReplySchema>;

/**
 * Live progress of a zip build, on core NATS (a live-only signal: nothing replays it) outside the domain
 * stream's subjects. The link to the zip is never broadcast: the requester reads it with `archiveDownloadUrl`.
 */
export const ARCHIVE_PROGRESS_SUBJECT_PREFIX = 'live.archive.progress';
export const archiveProgressSubject = (code: string): string => `${ARCHIVE_PROGRESS_SUBJECT_PREFIX}.${code}`;

export const ARCHIVE_STAGES = [
  'downloading',
  'adding',
  'creating',
  'finalizing',
  'complete',
  'failed',
  'empty',
] as const;
/**
 * How the zip is laid out: BY_DATE, every photo in the gallery's folder, sorted by when it was taken; BY_GUEST,
 * one folder per guest name (photos without one in a folder of their own); BY_CHALLENGE, one folder per photo
 * challenge (photos taken for none in NO_CHALLENGE_FOLDER); BY_TABLE, one folder per table its card's QR code
 * tagged ("Table 5", photos from no table's card in NO_TABLE_FOLDER); HIGHLIGHTS, only the gallery's Highlights
 * (its best photos), laid out as BY_DATE; PHOTOS_OF_YOU, only the photos a guest chose ("Find me"'s "Download
 * these", requestPhotosArchive), flat in PHOTOS_OF_YOU_FOLDER. A zip of each layout is its own job.
 */
export const ARCHIVE_LAYOUTS = [
  'BY_DATE',
  'BY_GUEST',
  'BY_CHALLENGE',
  'BY_TABLE',
  'HIGHLIGHTS',
  'PHOTOS_OF_YOU',
] as const;
export type ArchiveLayoutId = (typeof ARCHIVE_LAYOUTS)[number];
/** The one folder of a PHOTOS_OF_YOU zip (the photos "Find me" found of a guest, less those they dropped). */
export const PHOTOS_OF_YOU_FOLDER = 'Photos of you';
/**
 * The most photos one zip of chosen photos holds: one page of the gallery's photo list, and as many as a "Find
 * me" search answers (FIND_ME_LIMITS.resultPhotos).
 */
export const CHOSEN_PHOTOS_LIMIT = GALLERY_PHOTOS_PAGE_LIMIT;
/** The folder of one table's photos in the BY_TABLE layout. */
export function tableFolder(table: number): string {
  return `Table ${table}`;
}
/** The folder of photos uploaded from no table's card, in the BY_TABLE layout. */
export const NO_TABLE_FOLDER = 'Photos from no table';
/** The folder of photos whose guest gave no name, in the BY_GUEST layout. */
export const UNNAMED_GUESTS_FOLDER = 'Guests without a name';

export type ArchiveStage = (typeof ARCHIVE_STAGES)[number];

/**
 * Who may read a zip job (its link in `archiveJob`, its id and progress on the live socket): the couple any; a
 * guest only the kind of zip a guest's request builds, of the guests' copies and without JPEG copies, whatever its
 * layout. A zip of the untouched originals, or with the owner-only JPEG copies, is the couple's alone.
 */
export function guestsMayReadArchive(job: { guestCopies: boolean; jpegCopies: boolean }): boolean {
  return job.guestCopies && !job.jpegCopies;
}

/**
 * Whether a job's progress goes to every open screen of the gallery's guests: a guest's zip of the whole gallery.
 * A zip of chosen photos (photoSet) is its requester's alone, who follows it by reading the job: its id on every
 * guest's screen would hand the photos one guest may see to the others.
 */
export function guestsMayHearArchive(job: {
  guestCopies: boolean;
  jpegCopies: boolean;
  photoSet?: string | null;
}): boolean {
  return guestsMayReadArchive(job) && !job.photoSet;
}

export const archiveProgressSchema = z.object({
  eventCode: galleryCodeSchema,
  jobId: z.uuid(),
  /**
   * Whether the gallery's guests may hear it (guestsMayReadArchive of its job); absent (an older download
   * service): the couple's screens only, as nobody said guests may.
   */
  forGuests: z.boolean().optional(),
  stage: z.enum(ARCHIVE_STAGES),
  /** Photos added so far (adding), or in the zip (complete); 0 otherwise. */
  count: z.number().int().nonnegative(),
  /** Photos the zip will hold, once known. */
  total: z.number().int().nonnegative(),
});
export type ArchiveProgress = z.infer<typeof archiveProgressSchema>;

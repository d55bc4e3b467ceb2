import { hasForbiddenCharacters } from './unsafe-characters.js';
import { PLANS, type PlanId } from './plans/plans.js';

/** What an uploaded photo may be. Checked on the object's first bytes, never on its name. */
export const MAX_PHOTO_MEGABYTES = 50;
export const MAX_PHOTO_BYTES = MAX_PHOTO_MEGABYTES * 1024 * 1024;
export const ACCEPTED_PHOTO_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;
export type PhotoContentType = (typeof ACCEPTED_PHOTO_TYPES)[number];
/**
 * What an uploaded video may be (Premium only), also checked on its first bytes. 500 MB holds a few minutes of
 * phone video (1080p at about 17 Mbit/s is roughly 130 MB a minute, 4K about three times that): a speech, a first
 * dance or the walk down the aisle, while keeping one upload's storage and processing bounded.
 */
export const MAX_VIDEO_MEGABYTES = 500;
export const MAX_VIDEO_BYTES = MAX_VIDEO_MEGABYTES * 1024 * 1024;
export const ACCEPTED_VIDEO_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'] as const;
export type VideoContentType = (typeof ACCEPTED_VIDEO_TYPES)[number];
/** Any type a gallery item's original may have. */
export type MediaContentType = PhotoContentType | VideoContentType;
/** What a gallery item is: a photo, or a video shown by its poster frame. */
export const MEDIA_KINDS = ['photo', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export function isVideoType(contentType: string): contentType is VideoContentType {
  return (ACCEPTED_VIDEO_TYPES as readonly string[]).includes(contentType);
}

/** HEIF/HEIC, an iPhone's photos: many computers cannot open them, so Download All can add JPEG copies. */
export function isHeifType(contentType: string): boolean {
  return contentType === 'image/heic' || contentType === 'image/heif';
}

export function isPhotoType(contentType: string): contentType is PhotoContentType {
  return (ACCEPTED_PHOTO_TYPES as readonly string[]).includes(contentType);
}

/** The types a gallery on `plan` takes: photos, and videos on a plan that has them. */
export function acceptedContentTypes(plan: PlanId): readonly MediaContentType[] {
  return PLANS[plan].videos ? [...ACCEPTED_PHOTO_TYPES, ...ACCEPTED_VIDEO_TYPES] : ACCEPTED_PHOTO_TYPES;
}

/** Why a file is refused (an error code of the catalogue) and the {{count}} its message needs. */
export interface FileRefusal {
  code: 'FILE_EMPTY' | 'UNSUPPORTED_FILE_TYPE' | 'VIDEOS_NEED_PREMIUM' | 'FILE_TOO_LARGE' | 'VIDEO_TOO_LARGE';
  count?: number;
}

/**
 * THE file-acceptance rule, the same in the browser (on what it declares), when an upload slot is handed out (on
 * what the browser declared) and when the upload is confirmed (on the type its content shows and its stored
 * size): empty, then a type no gallery takes, then a video on a plan without videos, then over its kind's size
 * limit. Null: accepted.
 */
export function fileRefusal(file: { contentType: string; size: number }, plan: PlanId): FileRefusal | null {
  if (file.size <= 0) return { code: 'FILE_EMPTY' };
  const video = isVideoType(file.contentType);
  if (!video && !isPhotoType(file.contentType)) return { code: 'UNSUPPORTED_FILE_TYPE' };
  if (video && !PLANS[plan].videos) return { code: 'VIDEOS_NEED_PREMIUM' };
  if (video && file.size > MAX_VIDEO_BYTES) return { code: 'VIDEO_TOO_LARGE', count: MAX_VIDEO_MEGABYTES };
  if (!video && file.size > MAX_PHOTO_BYTES) return { code: 'FILE_TOO_LARGE', count: MAX_PHOTO_MEGABYTES };
  return null;
}
/** How many files one upload request may ask slots for. */
export const MAX_FILES_PER_REQUEST = 50;
/**
 * The most pixels a photo may have: a 108-megapixel phone sensor fits, a decompression bomb (a tiny PNG of
 * 16000 x 16000 pixels) does not.
 */
export const MAX_PHOTO_MEGAPIXELS = 120;
export const MAX_PHOTO_PIXELS = MAX_PHOTO_MEGAPIXELS * 1_000_000;
/**
 * Upload slots a gallery may have open (handed out, not yet confirmed) at once. A plan with a photo limit gets
 * no more than the photos it still takes; an unlimited plan gets this many, room for a crowd uploading together:
 * a 500-guest venue's first dance, every phone with three files in flight, and a third more.
 */
export const MAX_PENDING_UPLOADS_PER_GALLERY = 2000;
/**
 * The seconds a guest's phone waits before asking again when the gallery's slots are all taken (UPLOADS_BUSY):
 * the uploads under way finish in about that time on a venue's Wi-Fi.
 */
export const UPLOADS_BUSY_RETRY_SECONDS = 10;

/**
 * A guest's name, given once on their device and carried with each of their photos ("by Anna", a folder per
 * guest in the zip). Optional; room for a first name and a family name or a nickname, not for a message.
 */
export const MAX_GUEST_NAME_CHARS = 40;
export type GuestNameProblem = 'tooLong' | 'forbiddenCharacters';

/** The name as kept: trimmed, inner whitespace collapsed to one space, NFC; null when nothing is left. */
export function cleanGuestName(value: string | null | undefined): string | null {
  if (value == null) return null;
  const cleaned = value.normalize('NFC').replace(/\s+/g, ' ').trim();
  return cleaned.length > 0 ? cleaned : null;
}

/**
 * Why a name as given is refused, or null when it may be kept (after `cleanGuestName`). Control and
 * text-direction characters are refused as in every other input (checked before whitespace is collapsed, so a
 * newline or a tab is refused rather than quietly made a space); the length counts characters as a person does.
 */
export function guestNameProblem(value: string): GuestNameProblem | null {
  if (hasForbiddenCharacters(value)) return 'forbiddenCharacters';
  const cleaned = cleanGuestName(value);
  if (cleaned && Array.from(cleaned).length > MAX_GUEST_NAME_CHARS) return 'tooLong';
  return null;
}

/** How long a presigned upload URL stays valid: long enough for a phone on a crowded venue network to push 50 MB. */
export const UPLOAD_URL_SECONDS = 15 * 60;

/** What a guest's browser sends the media service to upload, shared by its tests. */

export const REQUEST_UPLOADS = `mutation ($code: String!, $files: [PhotoUploadRequest!]!) {
  requestPhotoUploads(eventCode: $code, files: $files) { uploadId uploadUrl headers { name value } }
}`;

/** An upload slot: where the browser PUTs its file, with the headers its URL was signed for. */
export interface Slot {
  uploadId: string;
  uploadUrl: string;
  headers: { name: string; value: string }[];
}

/** PUTs bytes to a slot's presigned URL, as the browser does. */
export function putToSlot(slot: Slot, body: Buffer): Promise<Response> {
  return fetch(slot.uploadUrl, {
    method: 'PUT',
    headers: Object.fromEntries(slot.headers.map((header) => [header.name, header.value])),
    body,
  });
}

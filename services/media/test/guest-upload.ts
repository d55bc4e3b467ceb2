/** What a guest's browser sends the media service to upload, shared by its tests. */

export const REQUEST_UPLOADS = `mutation ($code: String!, $files: [PhotoUploadRequest!]!) {
  requestPhotoUploads(eventCode: $code, files: $files) {
    uploadId uploadUrl headers { name value } multipart { partSize partCount }
  }
}`;

export const REQUEST_PARTS = `mutation ($code: String!, $id: ID!, $parts: [Int!]!) {
  requestUploadParts(eventCode: $code, uploadId: $id, partNumbers: $parts) { partNumber url }
}`;

/**
 * An upload slot: where the browser PUTs its file, with the headers its URL was signed for; or, for a file
 * larger than one part, the parts to send it in (uploadUrl null).
 */
export interface Slot {
  uploadId: string;
  uploadUrl: string | null;
  headers: { name: string; value: string }[];
  multipart?: { partSize: number; partCount: number } | null;
}

/** PUTs bytes to a slot's presigned URL, as the browser does. */
export function putToSlot(slot: Slot, body: Buffer): Promise<Response> {
  return fetch(slot.uploadUrl!, {
    method: 'PUT',
    headers: Object.fromEntries(slot.headers.map((header) => [header.name, header.value])),
    body,
  });
}

/**
 * Sends a file to its slot as the browser does: in one PUT, or part after part with URLs from `partUrls`. The
 * HTTP status of the last PUT.
 */
export async function sendToSlot(
  slot: Slot,
  body: Buffer,
  partUrls: (uploadId: string, partNumbers: number[]) => Promise<{ partNumber: number; url: string }[]>,
): Promise<number> {
  if (!slot.multipart) return (await putToSlot(slot, body)).status;
  const { partSize, partCount } = slot.multipart;
  let status = 0;
  for (let partNumber = 1; partNumber <= partCount; partNumber++) {
    const [{ url }] = await partUrls(slot.uploadId, [partNumber]);
    const part = body.subarray((partNumber - 1) * partSize, partNumber * partSize);
    status = (await fetch(url, { method: 'PUT', body: part })).status;
    if (status !== 200) return status;
  }
  return status;
}

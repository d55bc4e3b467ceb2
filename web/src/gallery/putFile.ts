/** Headers the browser sets itself and refuses from scripts. */
const FORBIDDEN_HEADERS = new Set(['content-length', 'host', 'connection']);

/** The connection dropped (or never opened): the same PUT may be sent again once the network is back. */
export class ConnectionLostError extends Error {
  constructor() {
    super('Network error during upload');
    this.name = 'ConnectionLostError';
  }
}

/** Storage answered, and refused: 403 when the URL has expired. */
export class StorageRefusedError extends Error {
  constructor(
    readonly status: number,
    text: string,
  ) {
    super(`${status}: ${text}`);
    this.name = 'StorageRefusedError';
  }
}

/**
 * PUTs a file (or one part of it) to a presigned URL, reporting the bytes sent so far (XMLHttpRequest: fetch
 * has no upload progress). Resolves with the ETag storage answered (a part's, which CORS exposes), or null.
 * The browser counts bytes as sent once handed to the network, so it reports all of them while storage may still
 * be receiving a good part of a photo on a slow link (the system's send buffers hold megabytes): the last byte is
 * reported only with storage's answer, so a file never shows 100% while it still goes.
 */
export function putFile(
  url: string,
  body: Blob,
  headers: ReadonlyArray<{ name: string; value: string }>,
  onProgress: (sentBytes: number) => void,
): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    for (const header of headers) {
      if (!FORBIDDEN_HEADERS.has(header.name.toLowerCase()))
        request.setRequestHeader(header.name, header.value);
    }
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.max(0, Math.min(event.loaded, body.size - 1)));
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(body.size);
        resolve(request.getResponseHeader('ETag'));
      } else if (request.status === 0) {
        reject(new ConnectionLostError());
      } else {
        reject(new StorageRefusedError(request.status, request.responseText || request.statusText));
      }
    };
    request.onerror = () => reject(new ConnectionLostError());
    request.ontimeout = () => reject(new ConnectionLostError());
    request.onabort = () => reject(new ConnectionLostError());
    request.send(body);
  });
}

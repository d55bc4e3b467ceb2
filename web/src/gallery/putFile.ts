/** Headers the browser sets itself and refuses from scripts. */
const FORBIDDEN_HEADERS = new Set(['content-length', 'host', 'connection']);

/** PUTs a file to a presigned URL, reporting progress in percent (XMLHttpRequest: fetch has no upload progress). */
export function putFile(
  url: string,
  file: Blob,
  headers: ReadonlyArray<{ name: string; value: string }>,
  onProgress: (percent: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    for (const header of headers) {
      if (!FORBIDDEN_HEADERS.has(header.name.toLowerCase()))
        request.setRequestHeader(header.name, header.value);
    }
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress((event.loaded / event.total) * 100);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(100);
        resolve();
      } else {
        reject(new Error(`${request.status}: ${request.responseText || request.statusText}`));
      }
    };
    request.onerror = () => reject(new Error('Network error during upload'));
    request.onabort = () => reject(new Error('Upload aborted'));
    request.send(file);
  });
}

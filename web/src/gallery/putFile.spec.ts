import { afterEach, describe, expect, it } from '@jest/globals';
import { putFile } from './putFile';

/** The one request putFile makes, driven by the test as the browser and storage would. */
class FakeRequest {
  static last: FakeRequest;
  upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number }) => void } = {};
  status = 0;
  responseText = '';
  statusText = '';
  onload?: () => void;
  onerror?: () => void;
  ontimeout?: () => void;
  onabort?: () => void;
  constructor() {
    FakeRequest.last = this;
  }
  open() {}
  setRequestHeader() {}
  send() {}
  getResponseHeader(name: string) {
    return name === 'ETag' ? '"etag-1"' : null;
  }
}

const globals = globalThis as unknown as Record<string, unknown>;

describe('a PUT to storage', () => {
  afterEach(() => {
    delete globals.XMLHttpRequest;
  });

  it('reports the last byte only once storage has answered', async () => {
    globals.XMLHttpRequest = FakeRequest;
    const reports: number[] = [];
    const body = new Blob([new Uint8Array(1000)]);
    const put = putFile('https://storage.test/u1', body, [], (sent) => reports.push(sent));
    const request = FakeRequest.last;
    request.upload.onprogress?.({ lengthComputable: true, loaded: 400 });
    // Every byte handed to the network: storage has not said it has them.
    request.upload.onprogress?.({ lengthComputable: true, loaded: 1000 });
    expect(reports).toEqual([400, 999]);
    request.status = 200;
    request.onload?.();
    expect(await put).toBe('"etag-1"');
    expect(reports).toEqual([400, 999, 1000]);
  });
});

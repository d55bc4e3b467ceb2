import { describe, expect, it } from '@jest/globals';
import {
  busyUntil,
  percentOf,
  queueProgress,
  rowsShown,
  UPLOAD_ROWS,
  uploadsReducer,
  type UploadItem,
  type UploadStatus,
} from './uploadItems';

const item = (id: string, size = 1000): UploadItem => ({
  id,
  name: `${id}.jpg`,
  size,
  sent: 0,
  status: 'waiting',
});

describe('upload list', () => {
  it('tracks bytes, completion and failure per file', () => {
    let items = uploadsReducer([], { type: 'add', items: [item('a'), item('b'), item('c')] });
    items = uploadsReducer(items, { type: 'progress', id: 'a', sent: 424 });
    items = uploadsReducer(items, { type: 'status', id: 'b', status: 'done' });
    items = uploadsReducer(items, { type: 'failed', id: 'c', refusal: { code: 'UPLOAD_NOT_FOUND' } });
    expect(items.map((i) => [i.status, i.sent])).toEqual([
      ['waiting', 424],
      ['done', 1000],
      ['failed', 0],
    ]);
    expect(uploadsReducer(items, { type: 'clear' }).map((i) => i.id)).toEqual(['a']);
    expect(uploadsReducer(items, { type: 'remove', id: 'a' }).map((i) => i.id)).toEqual(['b', 'c']);
  });

  it('knows when the files waiting out a "too fast" go on, and forgets it as they do', () => {
    let items = uploadsReducer([], { type: 'add', items: [item('a'), item('b'), item('c')] });
    expect(busyUntil(items)).toBeNull();
    items = uploadsReducer(items, { type: 'busy', id: 'a', until: 5000 });
    items = uploadsReducer(items, { type: 'busy', id: 'b', until: 8000 });
    expect(items.map((i) => i.status)).toEqual(['busy', 'busy', 'waiting']);
    expect(busyUntil(items)).toBe(8000);
    items = uploadsReducer(items, { type: 'status', id: 'b', status: 'uploading' });
    expect(items[1].resumesAt).toBeUndefined();
    expect(busyUntil(items)).toBe(5000);
    items = uploadsReducer(items, { type: 'status', id: 'a', status: 'confirming' });
    expect(busyUntil(items)).toBeNull();
  });

  it('lists a file resumed twice once', () => {
    const items = uploadsReducer([item('a')], { type: 'add', items: [item('a'), item('b')] });
    expect(items.map((i) => i.id)).toEqual(['a', 'b']);
  });

  it('never shows 100% before storage has every byte', () => {
    expect(percentOf(999_999, 1_000_000)).toBe(99);
    expect(percentOf(1_000_000, 1_000_000)).toBe(100);
    expect(percentOf(0, 0)).toBe(0);
  });

  it("weighs the whole queue's progress by bytes, leaving failed files out", () => {
    const items: UploadItem[] = [
      { ...item('video', 9000), sent: 4500, status: 'uploading' },
      { ...item('photo'), status: 'done', sent: 1000 },
      { ...item('refused', 5000), status: 'failed' },
    ];
    expect(queueProgress(items)).toEqual({ done: 1, total: 3, percent: 55 });
  });

  describe('rows shown', () => {
    const queue = (...statuses: UploadStatus[]): UploadItem[] =>
      statuses.map((status, index) => ({ ...item(`f${index}`), status }));
    const ids = (items: readonly UploadItem[]) => items.map((i) => i.id);

    it('lists every file of a short queue', () => {
      const items = queue('done', 'uploading', 'waiting', 'waiting');
      expect(rowsShown(items, false)).toBe(items);
    });

    it('lists the files on their way and the next in line of a hundred, not the finished ones', () => {
      const items = queue(
        'done',
        'done',
        'confirming',
        'uploading',
        'paused',
        'uploading',
        ...Array<UploadStatus>(94).fill('waiting'),
      );
      // 4 on their way, then waiting ones up to UPLOAD_ROWS.
      expect(ids(rowsShown(items, false))).toEqual(['f2', 'f3', 'f4', 'f5', 'f6', 'f7']);
      expect(rowsShown(items, false)).toHaveLength(UPLOAD_ROWS);
      expect(rowsShown(items, true)).toBe(items);
    });

    it('always lists the files that need the guest, even beyond the rows', () => {
      const items = queue(
        'failed',
        'unreadable',
        'uploading',
        'uploading',
        'uploading',
        'confirming',
        'confirming',
        ...Array<UploadStatus>(20).fill('waiting'),
      );
      expect(ids(rowsShown(items, false))).toEqual(['f0', 'f1', 'f2', 'f3', 'f4', 'f5', 'f6']);
    });

    it('keeps only the failed files once all have ended, every file when expanded', () => {
      const items = queue('done', 'failed', 'done');
      expect(ids(rowsShown(items, false))).toEqual(['f1']);
      expect(rowsShown(items, true)).toBe(items);
    });
  });
});

import { describe, expect, it } from '@jest/globals';
import { percentOf, queueProgress, uploadsReducer, type UploadItem } from './uploadItems';

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
});

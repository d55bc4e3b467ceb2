import { describe, expect, it } from '@jest/globals';
import { imageWorkConcurrency, ImageWorkQueue } from './image-work-queue.js';

describe('ImageWorkQueue', () => {
  it('starts work beyond its concurrency only once earlier work has finished', async () => {
    const queue = new ImageWorkQueue(1);
    const started: string[] = [];
    let finishFirst!: () => void;
    const first = queue.run(async () => {
      started.push('first');
      await new Promise<void>((resolve) => (finishFirst = resolve));
    });
    const second = queue.run(async () => {
      started.push('second');
    });
    await Promise.resolve();

    expect(started).toEqual(['first']);
    expect(queue.waiting).toBe(1);
    finishFirst();
    await Promise.all([first, second]);
    expect(started).toEqual(['first', 'second']);
  });

  it('works on half as many images as there are cores, and on one at least', () => {
    expect(imageWorkConcurrency(8)).toBe(4);
    expect(imageWorkConcurrency(2)).toBe(1);
    expect(imageWorkConcurrency(1)).toBe(1);
  });
});

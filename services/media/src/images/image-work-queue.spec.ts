import { describe, expect, it } from '@jest/globals';
import { imageWorkConcurrency, ImageWorkQueue } from './image-work-queue.js';

/** Jobs that record their start and then wait until the test opens their gate. */
function gatedJobs() {
  const started: string[] = [];
  const gates = new Map<string, () => void>();
  const job = (name: string) => async () => {
    started.push(name);
    await new Promise<void>((resolve) => gates.set(name, resolve));
  };
  return { started, gates, job };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

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

  it('never puts background work in front of urgent work', async () => {
    const queue = new ImageWorkQueue(1);
    const { started, gates, job } = gatedJobs();

    const firstPreview = queue.runInBackground(job('preview 1'));
    await settle();
    // A preview is running: a thumbnail has a turn of its own, at once.
    const firstThumbnail = queue.run(job('thumbnail 1'));
    const secondThumbnail = queue.run(job('thumbnail 2'));
    const secondPreview = queue.runInBackground(job('preview 2'));
    await settle();
    expect(started).toEqual(['preview 1', 'thumbnail 1']);

    // The first preview ends while a thumbnail still waits: the thumbnail goes first, not the second preview.
    gates.get('preview 1')!();
    await settle();
    expect(started).toEqual(['preview 1', 'thumbnail 1']);
    gates.get('thumbnail 1')!();
    await settle();
    // Nor does a preview start beside a thumbnail: it waits for the urgent lane to be idle.
    expect(started).toEqual(['preview 1', 'thumbnail 1', 'thumbnail 2']);
    gates.get('thumbnail 2')!();
    await settle();
    expect(started).toEqual(['preview 1', 'thumbnail 1', 'thumbnail 2', 'preview 2']);
    gates.get('preview 2')!();
    await Promise.all([firstPreview, firstThumbnail, secondThumbnail, secondPreview]);
  });

  it('starts background work beside urgent work once more than its backlog waits', async () => {
    const queue = new ImageWorkQueue(1, 2);
    const { started, gates, job } = gatedJobs();

    // A burst: thumbnails keep the urgent lane busy, previews pile up behind it.
    const thumbnail = queue.run(job('thumbnail 1'));
    const previews = [1, 2].map((i) => queue.runInBackground(job(`preview ${i}`)));
    await settle();
    expect(started).toEqual(['thumbnail 1']);
    // One more than the backlog: the oldest preview starts beside the thumbnail.
    previews.push(queue.runInBackground(job('preview 3')));
    await settle();
    expect(started).toEqual(['thumbnail 1', 'preview 1']);
    expect(queue.waiting).toBe(2);

    // Each job ends once it has started; the rest follow in order.
    for (const name of ['thumbnail 1', 'preview 1', 'preview 2', 'preview 3']) {
      while (!gates.has(name)) await settle();
      gates.get(name)!();
    }
    await Promise.all([thumbnail, ...previews]);
    expect(started).toEqual(['thumbnail 1', 'preview 1', 'preview 2', 'preview 3']);
  });

  it("lets background work take the urgent lane's turns while it is idle, and a thumbnail still start at once", async () => {
    const queue = new ImageWorkQueue(1);
    const { started, gates, job } = gatedJobs();

    // After a burst, only previews are left: two at a time, one in each lane's turn.
    const previews = [1, 2, 3].map((i) => queue.runInBackground(job(`preview ${i}`)));
    await settle();
    expect(started).toEqual(['preview 1', 'preview 2']);

    // A thumbnail arrives: it starts at once, and no more previews start beside it.
    const thumbnail = queue.run(job('thumbnail 1'));
    await settle();
    expect(started).toEqual(['preview 1', 'preview 2', 'thumbnail 1']);
    gates.get('preview 1')!();
    await settle();
    expect(started).toEqual(['preview 1', 'preview 2', 'thumbnail 1']);

    // The urgent lane idle again: the last preview takes its turn.
    gates.get('thumbnail 1')!();
    await settle();
    expect(started).toEqual(['preview 1', 'preview 2', 'thumbnail 1', 'preview 3']);
    gates.get('preview 2')!();
    gates.get('preview 3')!();
    await Promise.all([thumbnail, ...previews]);
    expect(queue.running).toBe(0);
  });

  it('passes on what the work throws and goes on with the next', async () => {
    const queue = new ImageWorkQueue(1);
    await expect(
      queue.runInBackground(async () => {
        throw new Error('undecodable');
      }),
    ).rejects.toThrow('undecodable');
    await expect(queue.run(async () => 'thumbnail')).resolves.toBe('thumbnail');
    expect(queue.running).toBe(0);
  });

  it('works on half as many images as there are cores, and on one at least', () => {
    expect(imageWorkConcurrency(8)).toBe(4);
    expect(imageWorkConcurrency(2)).toBe(1);
    expect(imageWorkConcurrency(1)).toBe(1);
  });
});

import { existsSync } from 'node:fs';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from '@jest/globals';
import { KeptPhotoFiles } from './kept-photo-files.js';
import { writeToFile } from './write-to-file.js';

let files: KeptPhotoFiles;
afterEach(async () => {
  await files.onModuleDestroy();
});

/** Writes `bytes` to the file a use is given, as a confirmation does, and tells where it was. */
function writing(bytes: Buffer): (file: string) => Promise<{ file: string; inode: number }> {
  return async (file) => {
    await writeToFile(Readable.from([bytes]), file);
    return { file, inode: (await stat(file)).ino };
  };
}

describe('KeptPhotoFiles', () => {
  it("writes the next photo over the last one's file, whose pages it already has", async () => {
    files = new KeptPhotoFiles();
    const first = await files.withFile(writing(Buffer.alloc(300_000, 1)));
    const second = await files.withFile(writing(Buffer.alloc(200_000, 2)));

    expect(second.file).toBe(first.file);
    expect(second.inode).toBe(first.inode);
    // Only the second photo's bytes: nothing of the first is left past its end.
    expect((await readFile(second.file)).equals(Buffer.alloc(200_000, 2))).toBe(true);
  });

  it('gives photos confirmed at once files of their own', async () => {
    files = new KeptPhotoFiles();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = files.withFile(async (file) => {
      await held;
      return file;
    });
    const second = await files.withFile(async (file) => file);
    release();

    expect(path.dirname(await first)).not.toBe(path.dirname(second));
  });

  it('deletes what a photo wrote beside its original once it is done', async () => {
    files = new KeptPhotoFiles();
    const file = await files.withFile(async (file) => {
      await writeFile(file, 'original');
      await writeFile(path.join(path.dirname(file), 'guest-copy'), 'copy');
      return file;
    });

    expect(await readdir(path.dirname(file))).toEqual(['original']);
  });

  it('deletes the folder of a photo that failed, so no half-written original stays', async () => {
    files = new KeptPhotoFiles();
    let used = '';
    await expect(
      files.withFile(async (file) => {
        used = file;
        await writeFile(file, 'half');
        throw new Error('storage went away');
      }),
    ).rejects.toThrow('storage went away');

    expect(existsSync(path.dirname(used))).toBe(false);
    expect(await files.withFile(async (file) => file)).not.toBe(used);
  });

  it('keeps at most the folders it may, deleting the rest, and all of them when the service stops', async () => {
    files = new KeptPhotoFiles(1);
    // Both photos written before either finishes, so the two finish together.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let written = 0;
    const uses = [1, 2].map(() =>
      files.withFile(async (file) => {
        await writeFile(file, 'photo');
        if (++written === 2) release();
        await held;
        return file;
      }),
    );
    const [first, second] = await Promise.all(uses);

    expect([first, second].filter((file) => existsSync(file))).toHaveLength(1);
    await files.onModuleDestroy();
    expect(existsSync(first!) || existsSync(second!)).toBe(false);
    // A photo confirmed while the service stops keeps nothing either.
    const late = await files.withFile(async (file) => {
      await writeFile(file, 'photo');
      return file;
    });
    expect(existsSync(path.dirname(late))).toBe(false);
  });
});

import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { VideoFrames } from './video-frames.js';

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'video-frames-spec-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('VideoFrames.locate', () => {
  it("prefers the machine's ffmpeg and ffprobe when they are on PATH", async () => {
    for (const name of ['ffmpeg', 'ffprobe']) {
      await writeFile(path.join(folder, name), '#!/bin/sh\n');
      await chmod(path.join(folder, name), 0o755);
    }
    expect(VideoFrames.locate(`/nonexistent${path.delimiter}${folder}`).tools).toEqual({
      ffmpeg: path.join(folder, 'ffmpeg'),
      ffprobe: path.join(folder, 'ffprobe'),
    });
  });

  it('falls back to the binaries shipped in npm packages', () => {
    const { tools } = VideoFrames.locate('');
    expect(tools.ffmpeg).toMatch(/@ffmpeg-installer.*ffmpeg$/);
    expect(tools.ffprobe).toMatch(/@ffprobe-installer.*ffprobe$/);
  });
});

import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { VideoFrames } from './video-frames.js';

const run = promisify(execFile);
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

describe('VideoFrames.remuxWithoutMetadata', () => {
  it("copies a WebM's frames as they are, without its tags", async () => {
    const { ffmpeg, ffprobe } = VideoFrames.locate().tools;
    const input = path.join(folder, 'tagged.webm');
    const output = path.join(folder, 'guest.webm');
    await run(ffmpeg, [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', '-t', '1'],
      ...['-c:v', 'libvpx', '-metadata', 'title=Anna at home', '-metadata', 'location=+48.8584+002.2945/'],
      input,
    ]);

    await VideoFrames.locate().remuxWithoutMetadata(input, 'video/webm', output);

    const probe = async (file: string) =>
      (await run(ffprobe, ['-v', 'error', '-show_format', '-of', 'json', file])).stdout;
    expect(await probe(input)).toContain('Anna at home');
    expect(await probe(output)).not.toMatch(/Anna at home|48\.8584/);
    const frames = async (file: string) =>
      (await run(ffmpeg, ['-v', 'error', '-i', file, '-map', '0', '-c', 'copy', '-f', 'framemd5', '-']))
        .stdout;
    expect(await frames(output)).toBe(await frames(input));
  });
});

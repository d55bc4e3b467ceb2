import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { VideoContentType } from '@gallery/contracts';
import { UnreadableVideoError } from './unreadable-video.error.js';

/** Where the poster frame is taken: past a fade-in from black, and still inside the shortest real clip. */
const POSTER_AT_SECONDS = 0.5;
/** One ffprobe or ffmpeg run on one file: ample for a frame, and a stuck decoder is stopped. */
const RUN_TIMEOUT_MS = 60_000;
/** A decoded frame as PNG: a 4K frame stays well under this. */
const MAX_FRAME_BYTES = 64 * 1024 * 1024;

/**
 * The demuxer forced for each accepted type, so a file is read as what its first bytes said and never as a
 * playlist or concat script that would make ffmpeg open other files.
 */
const DEMUXERS: Record<VideoContentType, string> = {
  'video/mp4': 'mov',
  'video/quicktime': 'mov',
  'video/webm': 'matroska',
};

export interface VideoPoster {
  /** The frame shown for the video, as PNG (rotation metadata applied by ffmpeg). */
  poster: Buffer;
  durationSeconds: number;
}

export interface VideoTools {
  ffmpeg: string;
  ffprobe: string;
}

/**
 * The ffmpeg and ffprobe programs, wrapped: a video's duration and a poster frame, read from a local file.
 * The machine's own ffmpeg/ffprobe when they are on PATH, else the static binaries shipped in the
 * @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe packages (nothing is downloaded at run time).
 */
export class VideoFrames {
  constructor(readonly tools: VideoTools) {}

  static locate(searchPath = process.env.PATH ?? ''): VideoFrames {
    const require = createRequire(import.meta.url);
    const ffmpeg =
      onPath('ffmpeg', searchPath) ?? (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    const ffprobe =
      onPath('ffprobe', searchPath) ?? (require('@ffprobe-installer/ffprobe') as { path: string }).path;
    return new VideoFrames({ ffmpeg, ffprobe });
  }

  /**
   * The duration and a poster frame (at 0.5 s, or the first frame of a shorter clip) of the video in `file`.
   * Throws UnreadableVideoError when ffmpeg finds no video in it.
   */
  async poster(file: string, type: VideoContentType): Promise<VideoPoster> {
    const input = ['-f', DEMUXERS[type], '-protocol_whitelist', 'file', '-i', file];
    const durationSeconds = await this.duration(input);
    const seek = durationSeconds > POSTER_AT_SECONDS * 2 ? POSTER_AT_SECONDS : 0;
    const poster = (await this.frame(input, seek)) ?? (seek > 0 ? await this.frame(input, 0) : null);
    if (!poster) throw new UnreadableVideoError(new Error('no frame could be decoded'));
    return { poster, durationSeconds };
  }

  /**
   * Writes `output`: the video in `file` with its streams copied as they are (nothing decoded or encoded) and no
   * container metadata (tags, chapters): how a WebM guest copy is made, exiftool not writing Matroska.
   */
  async remuxWithoutMetadata(file: string, type: VideoContentType, output: string): Promise<void> {
    await run(this.tools.ffmpeg, [
      '-v',
      'error',
      '-nostdin',
      '-f',
      DEMUXERS[type],
      '-protocol_whitelist',
      'file',
      '-i',
      file,
      '-map',
      '0',
      '-map_metadata',
      '-1',
      '-map_chapters',
      '-1',
      '-c',
      'copy',
      '-fflags',
      '+bitexact',
      '-f',
      'webm',
      output,
    ]);
  }

  private async duration(input: string[]): Promise<number> {
    const output = await run(this.tools.ffprobe, [
      '-v',
      'error',
      ...input,
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=codec_type:format=duration',
      '-of',
      'json',
    ]);
    const probe = JSON.parse(output.toString('utf8')) as {
      streams?: { codec_type?: string }[];
      format?: { duration?: string };
    };
    if (!probe.streams?.some((stream) => stream.codec_type === 'video')) {
      throw new UnreadableVideoError(new Error('no video stream'));
    }
    const duration = Number(probe.format?.duration);
    return Number.isFinite(duration) && duration > 0 ? duration : 0;
  }

  /** One frame at `seconds` as PNG, or null when there is none there. */
  private async frame(input: string[], seconds: number): Promise<Buffer | null> {
    const frame = await run(this.tools.ffmpeg, [
      '-v',
      'error',
      '-nostdin',
      '-ss',
      String(seconds),
      ...input,
      '-frames:v',
      '1',
      '-an',
      '-c:v',
      'png',
      '-f',
      'image2pipe',
      'pipe:1',
    ]);
    return frame.length > 0 ? frame : null;
  }
}

function onPath(program: string, searchPath: string): string | null {
  for (const dir of searchPath.split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, program);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

function run(program: string, args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(
      program,
      args,
      { encoding: 'buffer', timeout: RUN_TIMEOUT_MS, maxBuffer: MAX_FRAME_BYTES, windowsHide: true },
      (error, stdout, stderr) => {
        // A missing program is this machine's fault, not the file's.
        if (error && typeof error.code === 'string') reject(error);
        else if (error) {
          const detail = stderr.toString('utf8').trim().split('\n').slice(-1)[0];
          reject(new UnreadableVideoError(new Error(detail || error.message)));
        } else resolve(stdout);
      },
    );
  });
}

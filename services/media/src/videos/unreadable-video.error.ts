/** ffmpeg could not read the file as a video (damaged, truncated, or only dressed up as one). */
export class UnreadableVideoError extends Error {
  constructor(cause: unknown) {
    super(`ffmpeg cannot read this video: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'UnreadableVideoError';
  }
}

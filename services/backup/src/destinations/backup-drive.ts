import type { Readable } from 'node:stream';
import type { BackupFailure } from '@gallery/contracts';

/** One photo or video to copy: its length and type, and a way to read it from storage (again, if need be). */
export interface FileToCopy {
  size: number;
  contentType: string;
  /** A fresh stream of the original each call: a drive may send it again after renewing its access token. */
  open(): Promise<Readable>;
}

/**
 * A couple's drive as the worker copies to it, whatever kind it is (WebDAV, Google Drive, Dropbox). `path` is the
 * folders then the file's name (backupPath); writing the same path twice leaves one file, so a copy repeated after
 * a crash replaces itself. Failures are DriveErrors, with the reason in the couple's words.
 */
export interface BackupDrive {
  /** `signal` aborts at the copy's deadline (withinDeadline): every request of the copy ends with it. */
  write(path: string[], file: FileToCopy, signal: AbortSignal): Promise<void>;
}

/** A copy or a check the drive did not take, with the reason in the couple's words and the drive's own. */
export class DriveError extends Error {
  constructor(
    readonly failure: BackupFailure,
    /** The drive's status line or the network's error, shown beside the sentence. */
    readonly detail: string,
  ) {
    super(`${failure}: ${detail}`);
  }
}

/** The reason for an HTTP status any drive answered with. */
export function failureOfStatus(status: number): BackupFailure {
  if (status === 401 || status === 403) return 'REFUSED';
  if (status === 507) return 'FULL';
  if (status === 429 || status === 502 || status === 503 || status === 504) return 'UNREACHABLE';
  return 'SERVER_ERROR';
}

/** A network failure (refused, reset, timed out) as the couple reads it. */
export function unreachable(error: Error): DriveError {
  if (error instanceof DriveError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  return new DriveError('UNREACHABLE', code ? `${code}: ${error.message}` : error.message);
}

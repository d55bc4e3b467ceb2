import { BACKUP_LIMITS } from '@gallery/contracts';
import { DriveError } from './backup-drive.js';

/** How long a copy of `size` bytes may take in all: `baseMs` plus its size at the slowest rate a drive is given. */
export function copyDeadlineMs(size: number, baseMs: number = BACKUP_LIMITS.copyBaseSeconds * 1000): number {
  return Math.ceil(baseMs + (size / BACKUP_LIMITS.copySlowestBytesPerSecond) * 1000);
}

/**
 * Runs a call to a drive with an overall deadline, however the drive answers (an idle timeout alone lets a drive
 * that trickles a byte now and then hold the call for ever). At `ms` the call's signal aborts (the drive's
 * connection is closed) and the caller is answered with UNREACHABLE at once, whatever the call does after.
 */
export async function withinDeadline<T>(
  ms: number,
  what: string,
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new DriveError('UNREACHABLE', `${what} did not end within ${ms / 1000} s`);
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([call(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}

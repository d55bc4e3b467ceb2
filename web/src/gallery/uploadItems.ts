import type { UploadRefusal } from './uploads';

/** Files sent to storage at the same time (each sends its parts one after the other). */
export const UPLOAD_CONCURRENCY = 3;

/**
 * Where a file stands in the list: `paused` while it waits for the network, `busy` while it waits out the
 * server's "too fast" (RATE_LIMITED) and goes on by itself, `unreadable` when the browser no longer lets the
 * page read it (a file picked before a reload, moved or deleted since).
 */
export type UploadStatus =
  'waiting' | 'uploading' | 'paused' | 'busy' | 'confirming' | 'done' | 'failed' | 'unreadable';

export interface UploadItem {
  id: string;
  name: string;
  /** The file's size in bytes, and how many of them storage has. */
  size: number;
  sent: number;
  status: UploadStatus;
  refusal?: UploadRefusal;
  /** While `busy`: when the file goes on (ms since the epoch). */
  resumesAt?: number;
}

export type UploadAction =
  | { type: 'add'; items: UploadItem[] }
  | { type: 'progress'; id: string; sent: number }
  | { type: 'status'; id: string; status: UploadStatus }
  | { type: 'busy'; id: string; until: number }
  | { type: 'failed'; id: string; refusal: UploadRefusal }
  | { type: 'remove'; id: string }
  | { type: 'clear' };

export function uploadsReducer(items: UploadItem[], action: UploadAction): UploadItem[] {
  const change = (id: string, patch: (item: UploadItem) => Partial<UploadItem>) =>
    items.map((item) => (item.id === id ? { ...item, ...patch(item) } : item));
  switch (action.type) {
    case 'add': {
      const known = new Set(items.map((item) => item.id));
      return [...items, ...action.items.filter((item) => !known.has(item.id))];
    }
    case 'progress':
      return change(action.id, (item) => ({ sent: Math.max(0, Math.min(item.size, action.sent)) }));
    case 'status':
      return change(action.id, (item) =>
        action.status === 'done'
          ? { status: 'done', sent: item.size, resumesAt: undefined }
          : { status: action.status, resumesAt: undefined },
      );
    case 'busy':
      return change(action.id, () => ({ status: 'busy', resumesAt: action.until }));
    case 'failed':
      return change(action.id, () => ({ status: 'failed', refusal: action.refusal }));
    case 'remove':
      return items.filter((item) => item.id !== action.id);
    case 'clear':
      return items.filter((item) => !isFinished(item));
  }
}

/**
 * Rows the upload panel lists while its files go, when it is not expanded: a phone choosing a hundred photos
 * sees the files on their way and the next in line, not a hundred rows (each drawn, and pushing the photos
 * down the page), and the list keeps about the same height as files finish.
 */
export const UPLOAD_ROWS = 6;

/**
 * The rows the panel shows. Expanded: every file. Once every file has ended: those that failed (they need the
 * guest). Going: every file when there are at most UPLOAD_ROWS; otherwise those that need the guest or are on
 * their way (sending, waiting for the network, being processed), and the next waiting ones up to UPLOAD_ROWS.
 * Finished files leave the list; the summary counts them.
 */
export function rowsShown(items: readonly UploadItem[], expanded: boolean): readonly UploadItem[] {
  if (expanded) return items;
  if (items.every(isFinished)) return items.filter((item) => item.status === 'failed');
  if (items.length <= UPLOAD_ROWS) return items;
  let room = UPLOAD_ROWS - items.filter((item) => item.status !== 'waiting' && item.status !== 'done').length;
  return items.filter((item) => {
    if (item.status === 'done') return false;
    if (item.status !== 'waiting') return true;
    return room-- > 0;
  });
}

/** When the files waiting out the server's "too fast" go on: the latest of them, or null when none waits. */
export function busyUntil(items: readonly UploadItem[]): number | null {
  const until = items.flatMap((item) => (item.status === 'busy' && item.resumesAt ? [item.resumesAt] : []));
  return until.length > 0 ? Math.max(...until) : null;
}

export function isFinished(item: UploadItem): boolean {
  return item.status === 'done' || item.status === 'failed';
}

/** A file's progress in whole percent, never 100 before storage has every byte. */
export function percentOf(sent: number, size: number): number {
  if (size <= 0) return 0;
  return sent >= size ? 100 : Math.floor((sent / size) * 100);
}

/** The whole queue's progress: bytes stored over bytes to store, for the files still going or done. */
export function queueProgress(items: readonly UploadItem[]): {
  done: number;
  total: number;
  percent: number;
} {
  const counted = items.filter((item) => item.status !== 'failed');
  const size = counted.reduce((sum, item) => sum + item.size, 0);
  const sent = counted.reduce((sum, item) => sum + item.sent, 0);
  return {
    done: items.filter((item) => item.status === 'done').length,
    total: items.length,
    percent: percentOf(sent, size),
  };
}

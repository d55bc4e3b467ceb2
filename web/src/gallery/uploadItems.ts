import type { UploadRefusal } from './uploads';

/** Files sent to storage at the same time (each sends its parts one after the other). */
export const UPLOAD_CONCURRENCY = 3;

/**
 * Where a file stands in the list: `paused` while it waits for the network, `unreadable` when the browser no
 * longer lets the page read it (a file picked before a reload, moved or deleted since).
 */
export type UploadStatus =
  'waiting' | 'uploading' | 'paused' | 'confirming' | 'done' | 'failed' | 'unreadable';

export interface UploadItem {
  id: string;
  name: string;
  /** The file's size in bytes, and how many of them storage has. */
  size: number;
  sent: number;
  status: UploadStatus;
  refusal?: UploadRefusal;
}

export type UploadAction =
  | { type: 'add'; items: UploadItem[] }
  | { type: 'progress'; id: string; sent: number }
  | { type: 'status'; id: string; status: UploadStatus }
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
        action.status === 'done' ? { status: 'done', sent: item.size } : { status: action.status },
      );
    case 'failed':
      return change(action.id, () => ({ status: 'failed', refusal: action.refusal }));
    case 'remove':
      return items.filter((item) => item.id !== action.id);
    case 'clear':
      return items.filter((item) => !isFinished(item));
  }
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

import { createContext } from 'react';
import type { ApiError } from '../api/apiErrors';
import type { HeartStore } from './heartStore';

export interface Hearts {
  store: HeartStore;
  /** Gives or takes back this guest's heart; the screen shows it at once and sets it right if refused. */
  toggle(photoId: string, readCount: number | undefined): void;
  /** The last refusal, shown once near the grid; null when none. */
  refusal: ApiError | null;
  /** When taps go again after the server refused one sent too fast (ms since the epoch); null when none. */
  busyUntil: number | null;
  /**
   * A heart button's name for screen readers in the guest's language ("Love this photo (3 hearts)"): made once
   * for each state and count, so the grid's tiles coming into view ask no translation.
   */
  label(hearted: boolean, count: number): string;
}

export const HeartsContext = createContext<Hearts | null>(null);

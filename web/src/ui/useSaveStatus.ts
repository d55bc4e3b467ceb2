import { useCallback, useRef, useState } from 'react';
import { readApiError, type ApiError } from '../api/apiErrors';

/** Where one setting's saving stands: the event page's one rule is that each setting saves when changed. */
export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

export interface SaveStatus {
  state: SaveState;
  /** The refusal of the last save, shown in place by the setting; null otherwise. */
  failure: ApiError | null;
  /** Sends a change now; a later change started before this one ends wins the status. */
  save: (send: () => Promise<unknown>) => Promise<boolean>;
}

/** A setting that saves as soon as it is changed, with its "Saving…", "Saved" or refusal. */
export function useSaveStatus(): SaveStatus {
  const [state, setState] = useState<SaveState>('idle');
  const [failure, setFailure] = useState<ApiError | null>(null);
  const latest = useRef(0);
  const save = useCallback(async (send: () => Promise<unknown>) => {
    const attempt = ++latest.current;
    setState('saving');
    setFailure(null);
    try {
      await send();
      if (attempt === latest.current) setState('saved');
      return true;
    } catch (error) {
      if (attempt === latest.current) {
        setState('failed');
        setFailure(readApiError(error));
      }
      return false;
    }
  }, []);
  return { state, failure, save };
}

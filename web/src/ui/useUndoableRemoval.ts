import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGE_TIMEOUT_MS } from './useTimedMessage';

/**
 * Removals that wait for their Undo toast to end: `remove(id)` hides the item at once and sends `commit(id)`
 * only when `delayMs` have passed without `undo(id)`. Leaving the page ends the toasts, so what is still waiting
 * is sent then; a closed or reloaded tab sends nothing and the item stays.
 */
export function useUndoableRemoval(
  commit: (id: string) => Promise<void>,
  onFailure: (id: string, error: unknown) => void,
  delayMs = MESSAGE_TIMEOUT_MS,
) {
  const [pending, setPending] = useState<readonly string[]>([]);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const commitRef = useRef(commit);
  const onFailureRef = useRef(onFailure);
  useEffect(() => {
    commitRef.current = commit;
    onFailureRef.current = onFailure;
  });

  const send = useCallback((id: string) => {
    timers.current.delete(id);
    commitRef
      .current(id)
      .catch((error: unknown) => onFailureRef.current(id, error))
      .finally(() => setPending((current) => current.filter((other) => other !== id)));
  }, []);

  const remove = useCallback(
    (id: string) => {
      if (timers.current.has(id)) return;
      setPending((current) => [...current, id]);
      timers.current.set(
        id,
        setTimeout(() => send(id), delayMs),
      );
    },
    [delayMs, send],
  );

  const undo = useCallback((id: string) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setPending((current) => current.filter((other) => other !== id));
  }, []);

  useEffect(() => {
    const waiting = timers.current;
    return () => {
      for (const [id, timer] of waiting) {
        clearTimeout(timer);
        commitRef.current(id).catch(() => undefined);
      }
      waiting.clear();
    };
  }, []);

  return { pending, remove, undo, delayMs };
}

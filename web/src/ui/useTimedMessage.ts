import { useCallback, useEffect, useRef, useState } from 'react';

/** Notifications go away after five seconds (spec section 9). */
export const MESSAGE_TIMEOUT_MS = 5000;

/** A message that clears itself after a while. */
export function useTimedMessage(timeoutMs = MESSAGE_TIMEOUT_MS): [string | null, (message: string) => void] {
  const [message, setMessage] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback(
    (next: string) => {
      clearTimeout(timer.current);
      setMessage(next);
      timer.current = setTimeout(() => setMessage(null), timeoutMs);
    },
    [timeoutMs],
  );

  return [message, show];
}

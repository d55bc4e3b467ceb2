import { useEffect, useRef, useState } from 'react';

/**
 * Says `message` to screen readers politely (once they finish what they are reading) each time `times`
 * changes, and not as the message itself changes (a countdown would be read out every second). The region is in
 * the page before its text arrives, and emptied first, or screen readers miss it or skip a repeat.
 */
export function PoliteAnnouncement({
  message,
  times,
  testId,
}: {
  message: string | null;
  times: number;
  testId?: string;
}) {
  const [text, setText] = useState('');
  const latest = useRef(message);
  useEffect(() => {
    latest.current = message;
  });

  useEffect(() => {
    if (!latest.current) return;
    setText('');
    const timer = setTimeout(() => setText(latest.current ?? ''), 100);
    return () => clearTimeout(timer);
  }, [times]);

  return (
    <div className="visually-hidden" role="status" aria-live="polite" data-testid={testId}>
      {text}
    </div>
  );
}

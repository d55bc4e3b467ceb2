import { useEffect, useState } from 'react';
import { PoliteAnnouncement } from './PoliteAnnouncement';

interface BusyNoticeProps {
  /** When the wait the server asked for ends (ms since the epoch). */
  until: number;
  /** The notice for the seconds left. */
  text: (seconds: number) => string;
  testId?: string;
}

/**
 * A wait the server asked for after refusing a request sent too fast (RATE_LIMITED): not an error, so in the
 * text's own colour, counting down each second, said once to screen readers, and gone when it is over. Each
 * wait starts afresh.
 */
export function BusyNotice(props: BusyNoticeProps) {
  return <Countdown key={props.until} {...props} />;
}

function Countdown({ until, text, testId }: BusyNoticeProps) {
  const seconds = useSecondsLeft(until);
  const [announced] = useState(() => text(seconds));
  if (seconds === 0) return null;
  return (
    <div className="busy-notice">
      <p data-testid={testId}>{text(seconds)}</p>
      <PoliteAnnouncement message={announced} times={until} />
    </div>
  );
}

/** Whole seconds left until `until`, drawn again as each one passes; 0 once it has. */
export function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Woken as each second ends, not every second from now: the count changes when it should.
    const schedule = (current: number) => {
      if (until > current) timer = setTimeout(tick, (until - current) % 1000 || 1000);
    };
    const tick = () => {
      const current = Date.now();
      setNow(current);
      schedule(current);
    };
    schedule(Date.now());
    return () => clearTimeout(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

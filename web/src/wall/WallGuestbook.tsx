import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGuestbook } from '../guestbook/useGuestbook';

/** How long each message stays in the wall's band. */
const MESSAGE_MS = 12_000;
/** The band cycles through this many of the newest messages. */
const CYCLED = 10;
/** The messages the wall holds: the cycled ones with room for removals, not the whole night's. */
const KEPT = CYCLED * 3;

/**
 * Guestbook messages in a band along the wall's bottom edge, one at a time: a new one shows at once, then the
 * band cycles through the newest few. A band, not slides between photos: the photos keep every second of the
 * loop and a new photo still goes on screen next, while a message stays long enough to read from the room.
 */
export function WallGuestbook({ code }: { code: string }) {
  const { t } = useTranslation();
  // The room sees approved messages only, even on a screen whose browser wrote one still waiting.
  const messages = useGuestbook(code, { keep: KEPT }).messages.filter((message) => !message.awaitingApproval);
  const [index, setIndex] = useState(0);
  const newestId = messages[0]?.id;

  // A new message goes on at once.
  useEffect(() => setIndex(0), [newestId]);
  useEffect(() => {
    const timer = setInterval(() => setIndex((value) => value + 1), MESSAGE_MS);
    return () => clearInterval(timer);
  }, [newestId]);

  const cycled = messages.slice(0, CYCLED);
  const message = cycled.length > 0 ? cycled[index % cycled.length] : null;
  if (!message) return null;
  return (
    <aside className="wall-guestbook" aria-label={t('guestbook.wallLabel')} data-testid="wall-guestbook">
      <p className="wall-guestbook-text" aria-live="polite">
        {message.text}
      </p>
      <p className="wall-guestbook-by">
        {message.guestName ? t('guestName.by', { name: message.guestName }) : t('guestbook.anonymous')}
      </p>
    </aside>
  );
}

import { useTranslation } from 'react-i18next';
import type { PrivacySettings } from './graphql';
import './visibility.css';

/**
 * Tells whoever opens the gallery what they see while guests' photos are not shared with every guest: a guest
 * learns that only they and the couple see their photos (and when everyone's appear, with a reveal), the couple
 * that guests see only their own. Nothing while everyone sees everything, or once the reveal time has passed
 * (the server decides that; this only words it).
 */
export function VisibilityNotice({ privacy, isOwner }: { privacy?: PrivacySettings; isOwner: boolean }) {
  const { t } = useTranslation();
  const visibility = privacy?.visibility ?? 'EVERYONE';
  if (visibility === 'EVERYONE') return null;
  const revealAt = visibility === 'REVEAL' && privacy?.revealAt ? new Date(privacy.revealAt) : null;
  if (visibility === 'REVEAL' && (!revealAt || revealAt.getTime() <= Date.now())) return null;
  const time = revealAt && formatRevealTime(revealAt);
  const text = isOwner
    ? time
      ? t('privacy.notice.coupleReveal', { time })
      : t('privacy.notice.coupleOwn')
    : time
      ? t('privacy.notice.guestReveal', { time })
      : t('privacy.notice.guestOwn');
  return (
    <p className="visibility-notice" data-testid="visibility-notice">
      {text}
    </p>
  );
}

function formatRevealTime(date: Date): string {
  return date.toLocaleString(document.documentElement.lang || undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
  });
}

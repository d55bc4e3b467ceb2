import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Tells screen readers "New photo added" each time `arrivals` grows; renders again only then (memoized). */
export const LiveAnnouncer = memo(function LiveAnnouncer({ arrivals }: { arrivals: number }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');

  useEffect(() => {
    if (arrivals === 0) return;
    setText('');
    const timer = setTimeout(() => setText(t('gallery.newPhoto')), 100);
    return () => clearTimeout(timer);
  }, [arrivals, t]);

  return (
    <div className="visually-hidden" role="status" aria-live="polite" data-testid="live-announcer">
      {text}
    </div>
  );
});

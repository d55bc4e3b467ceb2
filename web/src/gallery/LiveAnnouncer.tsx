import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { PoliteAnnouncement } from '../ui/PoliteAnnouncement';

/** Tells screen readers "New photo added" each time `arrivals` grows; renders again only then (memoized). */
export const LiveAnnouncer = memo(function LiveAnnouncer({ arrivals }: { arrivals: number }) {
  const { t } = useTranslation();
  return (
    <PoliteAnnouncement
      message={arrivals > 0 ? t('gallery.newPhoto') : null}
      times={arrivals}
      testId="live-announcer"
    />
  );
});

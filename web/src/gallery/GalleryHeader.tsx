import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { fromApiPlan } from '../api/plan';
import { useLanguage } from '../i18n/useLanguage';
import { formatLastDay } from './formatDate';
import type { GalleryEvent } from './graphql';

function safeLastDay(value: string, locale: string): string | null {
  try {
    return formatLastDay(value, locale);
  } catch {
    return null;
  }
}

/**
 * The gallery's name, photo count and code. The plan and until when photos are kept are the couple's business:
 * only the owner sees them. Memoized: it renders again when the count it shows changes, not with each other
 * change of the page.
 */
export const GalleryHeader = memo(function GalleryHeader({
  event,
  photoCount,
}: {
  event: GalleryEvent;
  photoCount: number;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const keptUntil = event.isOwner ? safeLastDay(event.expiresAt, language) : null;
  return (
    <header className="gallery-header">
      <p className="eyebrow">{t('brand.name')}</p>
      <h1 className="gallery-name">{event.name}</h1>
      <ul className="gallery-meta">
        {event.isOwner && (
          <li data-testid="gallery-plan">
            {t('gallery.plan', { plan: t(`plans.names.${fromApiPlan(event.plan)}`) })}
          </li>
        )}
        <li data-testid="photo-count">{t('gallery.photoCount', { count: photoCount })}</li>
        {keptUntil && <li data-testid="gallery-expiry">{t('storage.keptUntil', { date: keptUntil })}</li>}
        <li data-testid="gallery-event-code">{t('gallery.code', { code: event.code })}</li>
      </ul>
    </header>
  );
});

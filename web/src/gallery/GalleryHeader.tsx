import { useTranslation } from 'react-i18next';
import { fromApiPlan } from '../api/plan';
import { useLanguage } from '../i18n/useLanguage';
import { formatDate } from './formatDate';
import type { GalleryEvent } from './graphql';

function safeDate(value: string, locale: string): string | null {
  try {
    return formatDate(value, locale);
  } catch {
    return null;
  }
}

export function GalleryHeader({ event, photoCount }: { event: GalleryEvent; photoCount: number }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const expiry = safeDate(event.expiresAt, language);
  return (
    <header className="gallery-header">
      <p className="eyebrow">{t('brand.name')}</p>
      <h1 className="gallery-name">{event.name}</h1>
      <ul className="gallery-meta">
        <li data-testid="gallery-plan">
          {t('gallery.plan', { plan: t(`plans.names.${fromApiPlan(event.plan)}`) })}
        </li>
        <li data-testid="photo-count">{t('gallery.photoCount', { count: photoCount })}</li>
        {expiry && <li data-testid="gallery-expiry">{t('gallery.expires', { date: expiry })}</li>}
        <li data-testid="gallery-event-code">{t('gallery.code', { code: event.code })}</li>
      </ul>
    </header>
  );
}

import './gallery.css';
import { memo } from 'react';
import { demoText, type PlanId } from '@gallery/contracts';
import { useTranslation } from 'react-i18next';
import { fromApiPlan } from '../api/plan';
import { DemoUploadButton } from '../demo/DemoGalleryNotice';
import { useLanguage } from '../i18n/useLanguage';
import { formatLastDay } from '../i18n/formatDate';
import type { GalleryEvent } from './graphql';
import { UploadButton } from './UploadButton';

function safeLastDay(value: string, locale: string): string | null {
  try {
    return formatLastDay(value, locale);
  } catch {
    return null;
  }
}

/**
 * The guest's landing: the couple's cover photo, their names, their welcome line, the photo count and code, and
 * its one primary action, Upload Photos (none while the gallery is full: no onFiles). In the demo gallery
 * (`demo`), Upload Photos says that nothing can be added, and the welcome line is in the visitor's language. The
 * plan and until when photos are kept are the couple's business: only the owner sees them. Memoized: it renders
 * again when what it shows changes, not with each other change of the page.
 */
export const GalleryHeader = memo(function GalleryHeader({
  event,
  photoCount,
  plan,
  onFiles,
  demo = false,
}: {
  event: GalleryEvent;
  photoCount: number;
  plan: PlanId;
  onFiles?: (files: File[]) => void;
  demo?: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const keptUntil = event.isOwner ? safeLastDay(event.expiresAt, language) : null;
  const cover = event.coverPhoto;
  const welcomeLine = demo ? demoText(language, { welcomeLine: true }) : event.welcomeLine;
  return (
    <header className={`gallery-header${cover ? ' has-cover' : ''}`} data-testid="gallery-landing">
      {cover && (
        <img
          className="gallery-cover"
          src={cover.previewUrl}
          alt={t('landing.coverAlt', { name: event.name })}
          data-testid="gallery-cover"
          data-photo-id={cover.id}
          width={cover.width}
          height={cover.height}
          fetchPriority="high"
        />
      )}
      <p className="eyebrow">{t('brand.name')}</p>
      <h1 className="gallery-name">{event.name}</h1>
      {welcomeLine && (
        <p className="gallery-welcome" data-testid="gallery-welcome">
          {welcomeLine}
        </p>
      )}
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
      {demo ? (
        <div className="gallery-primary">
          <DemoUploadButton />
        </div>
      ) : (
        onFiles && (
          <div className="gallery-primary">
            <UploadButton plan={plan} onFiles={onFiles} />
          </div>
        )
      )}
    </header>
  );
});

import './order.css';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fromApiPlan } from '../api/plan';
import { galleryPath } from '@gallery/contracts';
import { formatLastDay } from '../i18n/formatDate';
import { useLanguage } from '../i18n/useLanguage';
import { QrImage } from '../billing/QrImage';
import { planPrice } from '../plans/planFeatures';
import { Button, ButtonLink } from '../ui/Button';
import { CopyButton } from '../ui/CopyButton';
import { UrlText } from '../ui/UrlText';
import type { CreatedGallery } from './graphql';

/** What the couple sees once the gallery exists: its code, link and QR code, what to do next, and the way in. */
export function OrderSuccess({ created }: { created: CreatedGallery }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { code } = created.event;
  const plan = fromApiPlan(created.event.plan);
  // A new gallery is in the language it was ordered in: the one shown now.
  const language = useLanguage();
  const lastDay = created.paymentRequired ? null : safeLastDay(created.event.expiresAt, language);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <section className="success-panel" aria-labelledby="success-title" data-testid="order-success">
      <h2 id="success-title" ref={headingRef} tabIndex={-1}>
        {t('order.success.title')}
      </h2>
      <p>{t('order.success.intro')}</p>

      <p className="label" id="gallery-code-label">
        {t('order.success.codeLabel')}
      </p>
      <div className="code-row">
        <p className="gallery-code" aria-labelledby="gallery-code-label" data-testid="gallery-code">
          {code}
        </p>
        <CopyButton value={code} label={t('order.success.copyCode')} />
      </div>

      <p className="label">{t('order.success.linkLabel')}</p>
      <div className="code-row">
        <a href={created.galleryUrl} className="gallery-link" data-testid="gallery-link">
          <UrlText url={created.galleryUrl} />
        </a>
        <CopyButton value={created.galleryUrl} label={t('order.success.copyLink')} />
      </div>

      {lastDay && <p data-testid="uploads-open">{t('storage.uploadsOpenUntil', { date: lastDay })}</p>}

      <p className="label">{t('billing.success.qrTitle')}</p>
      <QrImage url={created.galleryUrl} alt={t('qr.alt', { url: created.galleryUrl })} testId="gallery-qr" />

      {created.paymentRequired && (
        <p className="payment-note" data-testid="payment-note">
          {t('order.success.paymentNext', {
            plan: t(`plans.names.${plan}`),
            price: t('plans.price', planPrice(plan)),
          })}
        </p>
      )}

      <div className="success-next">
        <h3>{t('couplePages.success.nextTitle')}</h3>
        <ol className="steps-list">
          <li>{t('couplePages.success.nextShare')}</li>
          <li>{t('couplePages.success.nextTry')}</li>
          <li>{t('couplePages.success.nextManage')}</li>
        </ol>
      </div>

      <div className="button-row is-stacked success-actions">
        <Button variant="primary" size="large" onClick={() => navigate(galleryPath(code, language))}>
          {t('order.success.open')}
        </Button>
        <ButtonLink to="/dashboard" variant="secondary" size="large">
          {t('couplePages.success.myGalleries')}
        </ButtonLink>
      </div>
    </section>
  );
}

function safeLastDay(expiresAt: string, language: string): string | null {
  try {
    return formatLastDay(expiresAt, language);
  } catch {
    return null;
  }
}

import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fromApiPlan } from '../api/plan';
import { planPrice } from '../plans/planFeatures';
import { CopyButton } from '../ui/CopyButton';
import type { CreatedGallery } from './graphql';

/** What the couple sees once the gallery exists: its code, its link, and the way in. */
export function OrderSuccess({ created }: { created: CreatedGallery }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { code } = created.event;
  const plan = fromApiPlan(created.event.plan);

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
          {created.galleryUrl}
        </a>
        <CopyButton value={created.galleryUrl} label={t('order.success.copyLink')} />
      </div>

      {created.paymentRequired && (
        <p className="payment-note" data-testid="payment-note">
          {t('order.success.paymentNext', {
            plan: t(`plans.names.${plan}`),
            price: t('plans.price', planPrice(plan)),
          })}
        </p>
      )}

      <button
        type="button"
        className="button button-primary button-large"
        onClick={() => navigate(`/gallery/${encodeURIComponent(code)}`)}
      >
        {t('order.success.open')}
      </button>
    </section>
  );
}

import './order.css';
import { useTranslation } from 'react-i18next';
import { fromApiPlan } from '../api/plan';
import { galleryUrl } from '../gallery/galleryUrl';
import { OrderSuccess } from './OrderSuccess';
import { PaidGallery } from '../billing/PaidGallery';

/** /payment-success?checkout=ID: a new paid order, once paid: the gallery, its code, link and QR code, what next. */
export function PaymentSuccessPage() {
  const { t } = useTranslation();
  return (
    <div className="order-page">
      <h1>{t('billing.success.title')}</h1>
      <PaidGallery>
        {(_checkout, event) => {
          const url = galleryUrl(event.code);
          return (
            <>
              <p className="section-intro" data-testid="paid-plan">
                {t('billing.success.plan', { plan: t(`plans.names.${fromApiPlan(event.plan)}`) })}
              </p>
              <OrderSuccess
                created={{ event, ownerToken: '', sessionToken: '', galleryUrl: url, paymentRequired: false }}
              />
            </>
          );
        }}
      </PaidGallery>
    </div>
  );
}

import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isPlanId } from '@gallery/contracts';
import { AUTH_TOKEN_KEY, writeStorage } from '../storage';
import type { CreatedGallery } from './graphql';
import { OrderForm } from './OrderForm';
import { OrderSuccess } from './OrderSuccess';

export function OrderPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [created, setCreated] = useState<CreatedGallery | null>(null);
  const requestedPlan = searchParams.get('plan');
  const initialPlan = isPlanId(requestedPlan) ? requestedPlan : 'free';

  return (
    <div className="order-page">
      <h1>{t('order.title')}</h1>
      {created ? (
        <OrderSuccess created={created} />
      ) : (
        <>
          <p className="section-intro">{t('order.subtitle')}</p>
          <OrderForm
            initialPlan={initialPlan}
            onCreated={(result) => {
              writeStorage(AUTH_TOKEN_KEY, result.ownerToken);
              setCreated(result);
            }}
          />
        </>
      )}
    </div>
  );
}

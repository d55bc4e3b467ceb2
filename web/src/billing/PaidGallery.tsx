import type { ReactNode } from 'react';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/Spinner';
import { CheckoutGate } from './CheckoutGate';
import { PAID_EVENT_QUERY, type Checkout, type PaidEvent } from './graphql';
import { MessagePanel } from './MessagePanel';
import { useCheckout } from './useCheckout';
import { useEventUpdates } from './useEventUpdates';

/** The checkout of the page's ?checkout= and its gallery as it is now, for the pages after a payment. */
export function PaidGallery({ children }: { children: (checkout: Checkout, event: PaidEvent) => ReactNode }) {
  const state = useCheckout();
  return (
    <CheckoutGate state={state}>
      {(checkout) => <CheckoutEvent checkout={checkout}>{children}</CheckoutEvent>}
    </CheckoutGate>
  );
}

function CheckoutEvent({
  checkout,
  children,
}: {
  checkout: Checkout;
  children: (checkout: Checkout, event: PaidEvent) => ReactNode;
}) {
  const { t } = useTranslation();
  const { data, error, refetch } = useQuery(PAID_EVENT_QUERY, {
    variables: { code: checkout.eventCode },
    fetchPolicy: 'network-only',
  });
  useEventUpdates(checkout.eventCode);
  if (!data && error) {
    return (
      <MessagePanel title={t('billing.upgrade.loadFailed')} alert>
        <button type="button" className="button button-primary" onClick={() => void refetch()}>
          {t('billing.upgrade.retry')}
        </button>
      </MessagePanel>
    );
  }
  if (!data) return <Spinner />;
  if (!data.event) return <MessagePanel title={t('errors.GALLERY_NOT_FOUND')} alert />;
  return <>{children(checkout, data.event)}</>;
}

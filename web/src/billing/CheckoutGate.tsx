import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../ui/Spinner';
import type { Checkout } from './graphql';
import { MessagePanel } from './MessagePanel';
import type { useCheckout } from './useCheckout';

/** Shows the checkout page once its checkout is read; the spinner, an unknown link or a failed read otherwise. */
export function CheckoutGate({
  state,
  children,
}: {
  state: ReturnType<typeof useCheckout>;
  children: (checkout: Checkout) => ReactNode;
}) {
  const { t } = useTranslation();
  if (state.loading) return <Spinner />;
  if (state.error) {
    return (
      <MessagePanel title={t('billing.checkout.loadFailed')} alert>
        <button type="button" className="button button-primary" onClick={state.refetch}>
          {t('billing.upgrade.retry')}
        </button>
      </MessagePanel>
    );
  }
  if (!state.checkout) return <MessagePanel title={t('billing.checkout.notFound')} alert />;
  return <>{children(state.checkout)}</>;
}

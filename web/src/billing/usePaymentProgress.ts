import { useEffect } from 'react';
import { useQuery } from '@apollo/client/react';
import { onLiveReconnect } from '../api/liveConnection';
import { PAID_EVENT_QUERY, type Checkout } from './graphql';
import { checkoutOrigins, paymentProgress, type PaymentProgress } from './payments';
import { useEventUpdates } from './useEventUpdates';

/**
 * A slow second look while waiting, should the live socket be down: the subscription is what moves the page on
 * (its first message is the gallery as it is once it listens, so a payment applied since the first read shows).
 */
const REREAD_MS = 10_000;

/**
 * Whether a checkout's payment has taken effect: the gallery's plan from a first read, then from eventUpdated,
 * read again whenever the WebSocket comes back.
 */
export function usePaymentProgress(
  checkout: Checkout,
  rereadCheckout: () => void,
): { progress: PaymentProgress; expiresAt: string | null } {
  const { data, refetch } = useQuery(PAID_EVENT_QUERY, {
    variables: { code: checkout.eventCode },
    fetchPolicy: 'network-only',
  });
  // Writes each update into the cached Event, which this query shows.
  useEventUpdates(checkout.eventCode);

  useEffect(
    () =>
      onLiveReconnect(() => {
        refetch().catch(() => undefined);
      }),
    [refetch],
  );

  const plan = data?.event?.plan ?? null;
  const progress = paymentProgress(checkout, plan, checkoutOrigins(checkout.id));
  const waiting = progress.state === 'waiting';

  useEffect(() => {
    if (!waiting) return undefined;
    const timer = setInterval(() => {
      refetch().catch(() => undefined);
      rereadCheckout();
    }, REREAD_MS);
    return () => clearInterval(timer);
  }, [waiting, refetch, rereadCheckout]);

  return { progress, expiresAt: data?.event?.expiresAt ?? null };
}

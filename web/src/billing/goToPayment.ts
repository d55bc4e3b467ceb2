import type { NavigateFunction } from 'react-router';
import type { Checkout } from './graphql';

/**
 * Leaves for the payment page of a checkout. The demo checkout is this app's own page: it opens on this origin
 * (its paymentUrl names the configured public address, which may be another spelling of it), so what this
 * browser remembers about the checkout stays readable. Stripe's page is a full navigation.
 */
export function goToPayment(checkout: Checkout, navigate: NavigateFunction): void {
  if (checkout.demo) {
    void navigate(`/demo-checkout?checkout=${encodeURIComponent(checkout.id)}`);
  } else {
    window.location.assign(checkout.paymentUrl);
  }
}

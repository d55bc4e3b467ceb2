import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '../api/gql';
import type { ApiPlan } from '../api/plan';

export type CheckoutStatus = 'OPEN' | 'PAID' | 'CANCELLED' | 'REFUNDED';

export interface Checkout {
  id: string;
  eventCode: string;
  fromPlan: ApiPlan;
  plan: ApiPlan;
  amountCents: number;
  currency: string;
  status: CheckoutStatus;
  paymentUrl: string;
  demo: boolean;
  /** It pays a new gallery's own order: one purchase, not an upgrade from fromPlan. */
  newGallery: boolean;
}

/** A gallery as the upgrade page shows it; refundableUntil is null for anyone but the owner. */
export interface UpgradeEvent {
  code: string;
  name: string;
  plan: ApiPlan;
  photoCount: number;
  expiresAt: string;
  isOwner: boolean;
  refundableUntil: string | null;
}

/** The gallery's plan as it is now, for the pages that wait for or show a payment's effect. */
export interface PaidEvent {
  code: string;
  name: string;
  plan: ApiPlan;
  expiresAt: string;
}

export interface Refund {
  eventCode: string;
  amountCents: number;
  currency: string;
  revertedTo: ApiPlan;
  refundedAt: string;
}

const CHECKOUT_FIELDS = gql`
  fragment CheckoutFields on Checkout {
    id
    eventCode
    fromPlan
    plan
    amountCents
    currency
    status
    paymentUrl
    demo
    newGallery
  }
`;

export const CHECKOUT_QUERY: TypedDocumentNode<{ checkout: Checkout | null }, { id: string }> = gql`
  query Checkout($id: ID!) {
    checkout(id: $id) {
      ...CheckoutFields
    }
  }
  ${CHECKOUT_FIELDS}
`;

export const UPGRADE_EVENT_QUERY: TypedDocumentNode<{ event: UpgradeEvent | null }, { code: string }> = gql`
  query UpgradeEvent($code: String!) {
    event(code: $code) {
      code
      name
      plan
      photoCount
      expiresAt
      isOwner
      refundableUntil
    }
  }
`;

export const PAID_EVENT_QUERY: TypedDocumentNode<{ event: PaidEvent | null }, { code: string }> = gql`
  query PaidEvent($code: String!) {
    event(code: $code) {
      code
      name
      plan
      expiresAt
    }
  }
`;

export const START_CHECKOUT: TypedDocumentNode<
  { startCheckout: Checkout },
  { eventCode: string; plan: ApiPlan }
> = gql`
  mutation StartCheckout($eventCode: String!, $plan: Plan!) {
    startCheckout(eventCode: $eventCode, plan: $plan) {
      ...CheckoutFields
    }
  }
  ${CHECKOUT_FIELDS}
`;

export const PAY_DEMO_CHECKOUT: TypedDocumentNode<{ payDemoCheckout: Checkout }, { id: string }> = gql`
  mutation PayDemoCheckout($id: ID!) {
    payDemoCheckout(id: $id) {
      ...CheckoutFields
    }
  }
  ${CHECKOUT_FIELDS}
`;

export const CANCEL_CHECKOUT: TypedDocumentNode<{ cancelCheckout: Checkout }, { id: string }> = gql`
  mutation CancelCheckout($id: ID!) {
    cancelCheckout(id: $id) {
      ...CheckoutFields
    }
  }
  ${CHECKOUT_FIELDS}
`;

export const REQUEST_REFUND: TypedDocumentNode<{ requestRefund: Refund }, { eventCode: string }> = gql`
  mutation RequestRefund($eventCode: String!) {
    requestRefund(eventCode: $eventCode) {
      eventCode
      amountCents
      currency
      revertedTo
      refundedAt
    }
  }
`;

// The live plan change has one definition, the live gallery's.
export { EVENT_UPDATED_SUBSCRIPTION } from '../gallery/graphql';
export type { EventUpdate } from '../gallery/eventUpdate';

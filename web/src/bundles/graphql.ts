import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '../api/gql';
import type { ApiPlan } from '../api/plan';

export type CreditStatus = 'UNUSED' | 'REDEEMED' | 'EXPIRED' | 'REFUNDED';

export interface Credit {
  id: string;
  plan: ApiPlan;
  status: CreditStatus;
  expiresAt: string;
  redeemedAt: string | null;
  eventCode: string | null;
}

export interface BundlePurchase {
  id: string;
  bundleId: string;
  plan: ApiPlan;
  events: number;
  quantity: number;
  amountCents: number;
  currency: string;
  paidAt: string;
  expiresAt: string;
  refundableUntil: string | null;
  refundableCents: number;
  refundCents: number | null;
  refundedAt: string | null;
  credits: Credit[];
}

export interface BundleCheckout {
  id: string;
  bundleId: string;
  plan: ApiPlan;
  events: number;
  quantity: number;
  amountCents: number;
  currency: string;
  status: 'OPEN' | 'PAID' | 'CANCELLED';
  paymentUrl: string;
  demo: boolean;
}

const CREDIT_FIELDS = gql`
  fragment BundleCreditFields on Credit {
    id
    plan
    status
    expiresAt
    redeemedAt
    eventCode
  }
`;

const PURCHASE_FIELDS = gql`
  fragment BundlePurchaseFields on BundlePurchase {
    id
    bundleId
    plan
    events
    quantity
    amountCents
    currency
    paidAt
    expiresAt
    refundableUntil
    refundableCents
    refundCents
    refundedAt
    credits {
      ...BundleCreditFields
    }
  }
  ${CREDIT_FIELDS}
`;

const CHECKOUT_FIELDS = gql`
  fragment BundleCheckoutFields on BundleCheckout {
    id
    bundleId
    plan
    events
    quantity
    amountCents
    currency
    status
    paymentUrl
    demo
  }
`;

export const MY_BUNDLE_PURCHASES: TypedDocumentNode<
  { myBundlePurchases: BundlePurchase[] },
  Record<string, never>
> = gql`
  query MyBundlePurchases {
    myBundlePurchases {
      ...BundlePurchaseFields
    }
  }
  ${PURCHASE_FIELDS}
`;

export const START_BUNDLE_CHECKOUT: TypedDocumentNode<
  { startBundleCheckout: BundleCheckout },
  { bundleId: string; quantity: number }
> = gql`
  mutation StartBundleCheckout($bundleId: String!, $quantity: Int!) {
    startBundleCheckout(bundleId: $bundleId, quantity: $quantity) {
      ...BundleCheckoutFields
    }
  }
  ${CHECKOUT_FIELDS}
`;

export const BUNDLE_CHECKOUT: TypedDocumentNode<{ bundleCheckout: BundleCheckout | null }, { id: string }> =
  gql`
    query BundleCheckout($id: ID!) {
      bundleCheckout(id: $id) {
        ...BundleCheckoutFields
      }
    }
    ${CHECKOUT_FIELDS}
  `;

export const PAY_DEMO_BUNDLE_CHECKOUT: TypedDocumentNode<
  { payDemoBundleCheckout: BundleCheckout },
  { id: string }
> = gql`
  mutation PayDemoBundleCheckout($id: ID!) {
    payDemoBundleCheckout(id: $id) {
      ...BundleCheckoutFields
    }
  }
  ${CHECKOUT_FIELDS}
`;

export const CANCEL_BUNDLE_CHECKOUT: TypedDocumentNode<
  { cancelBundleCheckout: BundleCheckout },
  { id: string }
> = gql`
  mutation CancelBundleCheckout($id: ID!) {
    cancelBundleCheckout(id: $id) {
      ...BundleCheckoutFields
    }
  }
  ${CHECKOUT_FIELDS}
`;

export const REDEEM_CREDIT: TypedDocumentNode<
  { redeemCredit: Credit },
  { creditId: string; eventCode: string; plan: ApiPlan }
> = gql`
  mutation RedeemCredit($creditId: ID!, $eventCode: String!, $plan: Plan!) {
    redeemCredit(creditId: $creditId, eventCode: $eventCode, plan: $plan) {
      ...BundleCreditFields
    }
  }
  ${CREDIT_FIELDS}
`;

export const REFUND_UNUSED_CREDITS: TypedDocumentNode<
  { refundUnusedCredits: BundlePurchase },
  { purchaseId: string }
> = gql`
  mutation RefundUnusedCredits($purchaseId: ID!) {
    refundUnusedCredits(purchaseId: $purchaseId) {
      ...BundlePurchaseFields
    }
  }
  ${PURCHASE_FIELDS}
`;

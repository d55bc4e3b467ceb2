import { z } from 'zod';

/** A Stripe id or an expanded object carrying one. */
const expandable = z.union([z.string().max(255), z.looseObject({ id: z.string().max(255) })]).nullish();

/**
 * What billing reads of a signed Stripe event, checked before anything is recorded: a signature proves who sent
 * the bytes, not that they have the shape billing acts on. Fields billing never reads pass through unchecked.
 */
export const stripeEventSchema = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.looseObject({ object: z.looseObject({}) }),
});
export type StripeEvent = z.infer<typeof stripeEventSchema>;

/** The fields of a completed Checkout Session that billing reads. */
export const checkoutSessionSchema = z.looseObject({
  id: z.string().max(255),
  client_reference_id: z.string().max(255).nullish(),
  metadata: z.record(z.string(), z.string().max(500)).nullish(),
  amount_total: z.number().int().nonnegative().nullish(),
  currency: z
    .string()
    .regex(/^[a-z]{3}$/)
    .nullish(),
  payment_intent: expandable,
});
export type CheckoutSessionObject = z.infer<typeof checkoutSessionSchema>;

/** The fields of a refunded Charge that billing reads. */
export const refundedChargeSchema = z.looseObject({
  payment_intent: expandable,
  refunded: z.boolean().optional(),
  /** A partial refund (a bundle's unused credits) leaves `refunded` false and says how much here. */
  amount_refunded: z.number().int().nonnegative().optional(),
});
export type RefundedChargeObject = z.infer<typeof refundedChargeSchema>;

/** The object schema of each event type billing acts on; other types are recorded and ignored. */
export const STRIPE_OBJECT_SCHEMAS: Readonly<Record<string, z.ZodType>> = {
  'checkout.session.completed': checkoutSessionSchema,
  'charge.refunded': refundedChargeSchema,
};

/** A summary of what a malformed event broke, for the 400 answer: the paths and zod's messages, no values. */
export function describeIssues(error: z.ZodError, under: string[] = []): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const path = [...under, ...issue.path.map(String)];
      return `${path.length ? path.join('.') : 'event'}: ${issue.message}`;
    })
    .join('; ');
}

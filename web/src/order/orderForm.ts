import {
  WEDDING_DATE_MAX_YEARS_AHEAD,
  type OrderField,
  type OrderForm,
  type PlanId,
} from '@gallery/contracts';
import { toApiPlan } from '../api/plan';
import type { CreateGalleryInput } from './graphql';

/** The fields in page order: the first invalid one gets the focus. */
export const ORDER_FIELDS: readonly OrderField[] = [
  'coupleNames',
  'weddingDate',
  'location',
  'email',
  'phone',
  'plan',
];

/** A field's message key; server messages may name keys outside the shared set. */
export type FieldErrors = Partial<Record<OrderField, string>>;

export function emptyOrderForm(plan: PlanId = 'free'): OrderForm {
  return { coupleNames: '', weddingDate: '', location: '', email: '', phone: '', plan };
}

export function toCreateGalleryInput(form: OrderForm): CreateGalleryInput {
  return {
    coupleNames: form.coupleNames.trim(),
    weddingDate: form.weddingDate.trim(),
    location: form.location.trim(),
    email: form.email.trim(),
    phone: form.phone.trim(),
    plan: toApiPlan(form.plan),
  };
}

export function firstInvalidField(errors: FieldErrors): OrderField | undefined {
  return ORDER_FIELDS.find((field) => errors[field]);
}

/** Keeps the server's refusals that name a field of the form. */
export function fieldErrorsFromServer(fields: Record<string, string> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of ORDER_FIELDS) {
    const key = fields?.[field];
    if (typeof key === 'string' && key) errors[field] = key;
  }
  return errors;
}

/** The latest wedding date the rules accept, as the date input's max (yyyy-mm-dd). */
export function latestWeddingDate(today: Date): string {
  const latest = new Date(
    Date.UTC(today.getUTCFullYear() + WEDDING_DATE_MAX_YEARS_AHEAD, today.getUTCMonth(), today.getUTCDate()),
  );
  return latest.toISOString().slice(0, 10);
}

/**
 * True for a wedding day before today (on the couple's own calendar): allowed, as the spec says, but worth a word,
 * since storage then counts from the order.
 */
export function isPastWeddingDate(value: string, today: Date): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const local = [today.getFullYear(), today.getMonth() + 1, today.getDate()]
    .map((part, index) => String(part).padStart(index === 0 ? 4 : 2, '0'))
    .join('-');
  return value < local;
}

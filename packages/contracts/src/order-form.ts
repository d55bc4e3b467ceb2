import { isPlanId, type PlanId } from './plans.js';
import type { MessageKey } from './messages/en.js';

/** What the order form sends; the same shape the createGallery mutation takes. */
export interface OrderForm {
  coupleNames: string;
  weddingDate: string; // yyyy-mm-dd
  location: string;
  email: string;
  phone: string;
  plan: PlanId;
}

export type OrderField = keyof OrderForm;
export type OrderFormErrors = Partial<Record<OrderField, MessageKey>>;

export const PHONE_MIN_DIGITS = 10;
/** E.164 caps a full international number at 15 digits. */
export const PHONE_MAX_DIGITS = 15;
export const WEDDING_DATE_MAX_YEARS_AHEAD = 2;
export const LOCATION_MIN_LENGTH = 5;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const NAME_SEPARATOR = /\s*(?:&|\+|,|\band\b|\bet\b|\by\b)\s*/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real yyyy-mm-dd day: 2027-02-30 parses in JavaScript but is no date. */
function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

/** The order form's rules, run in the browser as the user types and again on the server. */
export function validateOrderForm(
  form: Partial<Record<OrderField, unknown>>,
  today = new Date(),
): OrderFormErrors {
  const errors: OrderFormErrors = {};
  const text = (field: OrderField) => (typeof form[field] === 'string' ? (form[field] as string).trim() : '');

  const coupleNames = text('coupleNames');
  if (!coupleNames) errors.coupleNames = 'validation.coupleNamesRequired';
  else {
    const names = coupleNames.split(NAME_SEPARATOR).filter((part) => /\p{L}/u.test(part));
    if (names.length < 2) errors.coupleNames = 'validation.coupleNamesBoth';
  }

  const weddingDate = text('weddingDate');
  if (!weddingDate) errors.weddingDate = 'validation.weddingDateRequired';
  else if (!isCalendarDate(weddingDate)) {
    errors.weddingDate = 'validation.weddingDateInvalid';
  } else {
    const latest = new Date(
      Date.UTC(
        today.getUTCFullYear() + WEDDING_DATE_MAX_YEARS_AHEAD,
        today.getUTCMonth(),
        today.getUTCDate(),
      ),
    );
    if (new Date(`${weddingDate}T00:00:00Z`) > latest) errors.weddingDate = 'validation.weddingDateTooFar';
  }

  const location = text('location');
  if (!location) errors.location = 'validation.locationRequired';
  else if (location.length < LOCATION_MIN_LENGTH || !/\p{L}{2}/u.test(location)) {
    errors.location = 'validation.locationIncomplete';
  }

  const email = text('email');
  if (!email) errors.email = 'validation.emailRequired';
  else if (!EMAIL.test(email)) errors.email = 'validation.emailInvalid';

  const phone = text('phone');
  const digits = phone.replace(/\D/g, '').length;
  if (!phone) errors.phone = 'validation.phoneRequired';
  else if (digits < PHONE_MIN_DIGITS) errors.phone = 'validation.phoneTooShort';
  else if (digits > PHONE_MAX_DIGITS) errors.phone = 'validation.phoneTooLong';

  if (!isPlanId(form.plan)) errors.plan = 'validation.planRequired';
  return errors;
}

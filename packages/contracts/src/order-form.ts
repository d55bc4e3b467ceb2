import { z } from './validation/zod.js';
import { PLAN_IDS, type PlanId } from './plans/plans.js';
import type { MessageKey } from './messages/en.js';
import { hasForbiddenCharacters } from './unsafe-characters.js';

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

/**
 * The most characters each text field takes: room for any real couple, place, address (RFC 5321 caps an email
 * address at 254) or phone number written with spaces, and no room for a megabyte of text.
 */
export const ORDER_FIELD_MAX_LENGTH: Readonly<Record<Exclude<OrderField, 'plan'>, number>> = Object.freeze({
  coupleNames: 120,
  weddingDate: 10,
  location: 200,
  email: 254,
  phone: 32,
});

/** The values a field's messages are filled with ({{count}} in "at most {{count}} characters"). */
export function orderMessageValues(field: OrderField): { count?: number } {
  return field === 'plan' ? {} : { count: ORDER_FIELD_MAX_LENGTH[field] };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const NAME_SEPARATOR = /\s*(?:&|\+|,|\band\b|\bet\b|\by\b)\s*/i;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real yyyy-mm-dd day: 2027-02-30 parses in JavaScript but is no date. */
function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}

function latestWeddingDate(today: Date): Date {
  return new Date(
    Date.UTC(today.getUTCFullYear() + WEDDING_DATE_MAX_YEARS_AHEAD, today.getUTCMonth(), today.getUTCDate()),
  );
}

type Rule = [passes: (value: string) => boolean, message: MessageKey];

/**
 * A text field: required, then within its length, free of forbidden characters, then its own rules in order.
 * The first rule a value breaks is the one message the field shows.
 */
function textField(
  field: Exclude<OrderField, 'plan'>,
  required: MessageKey,
  rules: Rule[],
  tooLong?: MessageKey,
) {
  const checks: Rule[] = [
    [(value) => value.length > 0, required],
    [(value) => value.length <= ORDER_FIELD_MAX_LENGTH[field], tooLong ?? 'validation.tooLong'],
    [(value) => !hasForbiddenCharacters(value), 'validation.forbiddenCharacters'],
    ...rules,
  ];
  return z
    .unknown()
    .transform((value) => (typeof value === 'string' ? value.trim() : ''))
    .superRefine((value, context) => {
      const broken = checks.find(([passes]) => !passes(value));
      if (broken) context.addIssue({ code: 'custom', message: broken[1] });
    });
}

/** The order form's rules as one schema, for the browser as the user types and for the server. */
export function orderFormSchema(today = new Date()) {
  return z.object({
    coupleNames: textField('coupleNames', 'validation.coupleNamesRequired', [
      [
        (value) => value.split(NAME_SEPARATOR).filter((part) => /\p{L}/u.test(part)).length >= 2,
        'validation.coupleNamesBoth',
      ],
    ]),
    weddingDate: textField(
      'weddingDate',
      'validation.weddingDateRequired',
      [
        [isCalendarDate, 'validation.weddingDateInvalid'],
        [
          (value) => new Date(`${value}T00:00:00Z`) <= latestWeddingDate(today),
          'validation.weddingDateTooFar',
        ],
      ],
      'validation.weddingDateInvalid',
    ),
    location: textField('location', 'validation.locationRequired', [
      [
        (value) => value.length >= LOCATION_MIN_LENGTH && /\p{L}{2}/u.test(value),
        'validation.locationIncomplete',
      ],
    ]),
    email: textField('email', 'validation.emailRequired', [
      [(value) => EMAIL.test(value), 'validation.emailInvalid'],
    ]),
    phone: textField(
      'phone',
      'validation.phoneRequired',
      [
        [(value) => value.replace(/\D/g, '').length >= PHONE_MIN_DIGITS, 'validation.phoneTooShort'],
        [(value) => value.replace(/\D/g, '').length <= PHONE_MAX_DIGITS, 'validation.phoneTooLong'],
      ],
      'validation.phoneTooLong',
    ),
    plan: z.enum(PLAN_IDS, { message: 'validation.planRequired' }),
  });
}

/** The form's message keys by field; empty when the form is complete. */
export function validateOrderForm(
  form: Partial<Record<OrderField, unknown>>,
  today = new Date(),
): OrderFormErrors {
  const result = orderFormSchema(today).safeParse(form);
  if (result.success) return {};
  const errors: OrderFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as OrderField;
    errors[field] ??= issue.message as MessageKey;
  }
  return errors;
}

/** The form as the server stores it: every text trimmed. Throws when the form breaks a rule (check first). */
export function parseOrderForm(form: Partial<Record<OrderField, unknown>>, today = new Date()): OrderForm {
  return orderFormSchema(today).parse(form);
}

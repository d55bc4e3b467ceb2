import { z } from './validation/zod.js';
import type { MessageKey } from './messages/en.js';
import { FORBIDDEN_IN_LINE, FORBIDDEN_IN_TEXT } from './unsafe-characters.js';

/** What the contact page sends to the team. */
export interface ContactForm {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export type ContactField = keyof ContactForm;
export type ContactFormErrors = Partial<Record<ContactField, MessageKey>>;

/** The most characters each field takes: room for a real message, no room for a megabyte of text. */
export const CONTACT_FIELD_MAX_LENGTH: Readonly<Record<ContactField, number>> = Object.freeze({
  name: 120,
  email: 254,
  subject: 150,
  message: 5000,
});
export const CONTACT_MESSAGE_MIN_LENGTH = 10;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

type Rule = [passes: (value: string) => boolean, message: MessageKey];

function field(name: ContactField, rules: Rule[], multiline = false) {
  const checks: Rule[] = [
    [(value) => value.length <= CONTACT_FIELD_MAX_LENGTH[name], 'validation.tooLong'],
    [
      (value) => !(multiline ? FORBIDDEN_IN_TEXT : FORBIDDEN_IN_LINE).test(value),
      'validation.forbiddenCharacters',
    ],
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

/** The contact form's rules, for the browser and for the server (built on first use: no zod work at import). */
export function contactFormSchema() {
  return z.object({
    name: field('name', [[(value) => value.length > 0, 'contactValidation.nameRequired']]),
    email: field('email', [
      [(value) => value.length > 0, 'validation.emailRequired'],
      [(value) => EMAIL.test(value), 'validation.emailInvalid'],
    ]),
    subject: field('subject', []),
    message: field(
      'message',
      [
        [(value) => value.length > 0, 'contactValidation.messageRequired'],
        [(value) => value.length >= CONTACT_MESSAGE_MIN_LENGTH, 'contactValidation.messageTooShort'],
      ],
      true,
    ),
  });
}

/** The values a field's messages are filled with. */
export function contactMessageValues(name: ContactField): { count: number } {
  return { count: name === 'message' ? CONTACT_MESSAGE_MIN_LENGTH : CONTACT_FIELD_MAX_LENGTH[name] };
}

/** A missing field is an empty one (the subject may be left out). */
function withEmptyFields(form: Partial<Record<ContactField, unknown>>): Record<ContactField, unknown> {
  return {
    name: form.name ?? '',
    email: form.email ?? '',
    subject: form.subject ?? '',
    message: form.message ?? '',
  };
}

export function validateContactForm(form: Partial<Record<ContactField, unknown>>): ContactFormErrors {
  const result = contactFormSchema().safeParse(withEmptyFields(form));
  if (result.success) return {};
  const errors: ContactFormErrors = {};
  for (const issue of result.error.issues) {
    errors[issue.path[0] as ContactField] ??= issue.message as MessageKey;
  }
  return errors;
}

/** The form trimmed; throws when it breaks a rule (check first). */
export function parseContactForm(form: Partial<Record<ContactField, unknown>>): ContactForm {
  return contactFormSchema().parse(withEmptyFields(form));
}

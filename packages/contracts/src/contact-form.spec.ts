import { describe, expect, it } from '@jest/globals';
import { CONTACT_FIELD_MAX_LENGTH, parseContactForm, validateContactForm } from './contact-form.js';

const good = {
  name: 'Sarah',
  email: 'sarah@example.com',
  subject: 'Rates',
  message: 'We plan ten weddings a year.',
};

describe('contact form', () => {
  it('accepts a complete message, trimmed, the subject optional', () => {
    expect(validateContactForm(good)).toEqual({});
    expect(validateContactForm({ ...good, subject: '' })).toEqual({});
    expect(parseContactForm({ ...good, name: '  Sarah ' }).name).toBe('Sarah');
  });

  it('names the first broken rule of each field', () => {
    expect(validateContactForm({})).toEqual({
      name: 'contactValidation.nameRequired',
      email: 'validation.emailRequired',
      message: 'contactValidation.messageRequired',
    });
    expect(validateContactForm({ ...good, email: 'nope', message: 'short' })).toEqual({
      email: 'validation.emailInvalid',
      message: 'contactValidation.messageTooShort',
    });
    expect(
      validateContactForm({ ...good, message: 'x'.repeat(CONTACT_FIELD_MAX_LENGTH.message + 1) }),
    ).toEqual({
      message: 'validation.tooLong',
    });
    expect(validateContactForm({ ...good, name: 'A\u202Eb' })).toEqual({
      name: 'validation.forbiddenCharacters',
    });
  });

  it('keeps line breaks in the message', () => {
    expect(validateContactForm({ ...good, message: 'Hello,\n\nten weddings\tplanned.' })).toEqual({});
  });
});

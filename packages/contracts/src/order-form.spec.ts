import { describe, expect, it } from '@jest/globals';
import { englishMessage } from './messages/index.js';
import {
  ORDER_FIELD_MAX_LENGTH,
  orderMessageValues,
  parseOrderForm,
  validateOrderForm,
  type OrderForm,
} from './order-form.js';

const today = new Date('2026-11-22T12:00:00Z');
const valid: OrderForm = {
  coupleNames: 'Sarah & Mike',
  weddingDate: '2027-06-12',
  location: 'Lyon, France',
  email: 'sarah@example.com',
  phone: '+33 6 12 34 56 78',
  plan: 'free',
};
const messagesFor = (form: Partial<OrderForm>) =>
  Object.fromEntries(
    Object.entries(validateOrderForm({ ...valid, ...form }, today)).map(([field, key]) => [
      field,
      englishMessage(key!, orderMessageValues(field as keyof OrderForm)),
    ]),
  );

describe('validateOrderForm', () => {
  it('accepts a complete order', () => {
    expect(validateOrderForm(valid, today)).toEqual({});
  });

  it('says which fields are required, in the spec words', () => {
    expect(messagesFor({ coupleNames: ' ', weddingDate: '', location: '', email: '', phone: '' })).toEqual({
      coupleNames: 'Couple names are required',
      weddingDate: 'Wedding date is required',
      location: 'Event location is required',
      email: 'Email address is required',
      phone: 'Phone number is required',
    });
  });

  it('wants both names', () => {
    expect(messagesFor({ coupleNames: 'Sarah' })).toEqual({
      coupleNames: 'Please enter both names (e.g. Sarah & Mike)',
    });
    expect(messagesFor({ coupleNames: 'Sarah and Mike' })).toEqual({});
    expect(messagesFor({ coupleNames: 'Léa et Hugo' })).toEqual({});
    expect(messagesFor({ coupleNames: 'Ana y Luis' })).toEqual({});
  });

  it('checks email and phone', () => {
    expect(messagesFor({ email: 'sarah@' })).toEqual({ email: 'Please enter a valid email address' });
    expect(messagesFor({ phone: '555-1234' })).toEqual({
      phone: 'Phone number must have at least 10 digits',
    });
    expect(messagesFor({ phone: '1234567890123456' })).toEqual({ phone: 'Phone number is too long' });
  });

  it('allows past dates but not more than 2 years ahead', () => {
    expect(messagesFor({ weddingDate: '2019-05-01' })).toEqual({});
    expect(messagesFor({ weddingDate: '2027-02-30' })).toEqual({ weddingDate: 'Please enter a valid date' });
    expect(messagesFor({ weddingDate: '2028-11-22' })).toEqual({});
    expect(messagesFor({ weddingDate: '2028-11-23' })).toEqual({
      weddingDate: 'Wedding date cannot be more than 2 years in the future',
    });
  });

  it('wants a complete location and a known package', () => {
    expect(messagesFor({ location: 'Ly' })).toEqual({ location: 'Please enter a complete location' });
    expect(validateOrderForm({ ...valid, plan: 'gold' as never }, today)).toEqual({
      plan: 'validation.planRequired',
    });
  });

  it('caps every text field and names the cap', () => {
    expect(messagesFor({ coupleNames: `Sarah & ${'M'.repeat(200)}` })).toEqual({
      coupleNames: 'Please use at most 120 characters',
    });
    expect(validateOrderForm({ ...valid, location: `Lyon ${'x'.repeat(90_000)}` }, today)).toEqual({
      location: 'validation.tooLong',
    });
    expect(orderMessageValues('location')).toEqual({ count: ORDER_FIELD_MAX_LENGTH.location });
    expect(validateOrderForm({ ...valid, phone: '+33 '.repeat(20) }, today)).toEqual({
      phone: 'validation.phoneTooLong',
    });
    expect(validateOrderForm({ ...valid, email: `${'a'.repeat(250)}@example.com` }, today)).toEqual({
      email: 'validation.tooLong',
    });
  });

  it('refuses control characters and text-direction overrides in any field', () => {
    expect(validateOrderForm({ ...valid, coupleNames: 'Sarah\u0000 & Mike' }, today)).toEqual({
      coupleNames: 'validation.forbiddenCharacters',
    });
    expect(validateOrderForm({ ...valid, location: 'Lyon \u202Eecnarf' }, today)).toEqual({
      location: 'validation.forbiddenCharacters',
    });
    expect(validateOrderForm({ ...valid, email: 'sarah\u2066@example.com' }, today)).toEqual({
      email: 'validation.forbiddenCharacters',
    });
    expect(messagesFor({ phone: '+33 6 12 34 56 78\r\n' })).toEqual({});
  });

  it('treats a field of the wrong type as missing', () => {
    expect(validateOrderForm({ ...valid, coupleNames: 42 as never }, today)).toEqual({
      coupleNames: 'validation.coupleNamesRequired',
    });
  });

  it('hands the server the form with every text trimmed', () => {
    expect(parseOrderForm({ ...valid, coupleNames: '  Sarah & Mike ' }, today).coupleNames).toBe(
      'Sarah & Mike',
    );
  });
});

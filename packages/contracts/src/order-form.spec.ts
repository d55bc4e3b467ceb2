import { describe, expect, it } from '@jest/globals';
import { englishMessage } from './messages/index.js';
import { validateOrderForm, type OrderForm } from './order-form.js';

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
      englishMessage(key!),
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
});

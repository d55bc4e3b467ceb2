import { describe, expect, it } from '@jest/globals';
import { validateOrderForm } from '@gallery/contracts';
import {
  emptyOrderForm,
  fieldErrorsFromServer,
  firstInvalidField,
  latestWeddingDate,
  toCreateGalleryInput,
} from './orderForm';

describe('order form helpers', () => {
  it('starts on the free plan and sends trimmed values with the API plan', () => {
    const form = { ...emptyOrderForm(), coupleNames: ' Sarah & Mike ', phone: ' +1 555 123 4567 ' };
    expect(form.plan).toBe('free');
    expect(toCreateGalleryInput({ ...form, plan: 'premium' })).toMatchObject({
      coupleNames: 'Sarah & Mike',
      phone: '+1 555 123 4567',
      plan: 'PREMIUM',
    });
  });

  it('finds the first invalid field in page order', () => {
    const errors = validateOrderForm({ ...emptyOrderForm(), coupleNames: 'Sarah & Mike' });
    expect(firstInvalidField(errors)).toBe('weddingDate');
    expect(firstInvalidField({})).toBeUndefined();
  });

  it('keeps only server refusals naming a form field', () => {
    expect(fieldErrorsFromServer({ email: 'validation.emailInvalid', other: 'x' })).toEqual({
      email: 'validation.emailInvalid',
    });
    expect(fieldErrorsFromServer(undefined)).toEqual({});
  });

  it('caps the wedding date two years ahead', () => {
    expect(latestWeddingDate(new Date('2026-03-15T10:00:00Z'))).toBe('2028-03-15');
  });
});

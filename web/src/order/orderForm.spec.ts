import { describe, expect, it } from '@jest/globals';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import {
  en,
  es,
  fr,
  ORDER_FIELD_MAX_LENGTH,
  orderMessageValues,
  validateOrderForm,
  type OrderField,
} from '@gallery/contracts';
import { testTranslations } from '../i18n/testTranslations';
import type { Language } from '../i18n/languages';
import { OrderForm } from './OrderForm';
import { TextField } from '../ui/TextField';
import {
  emptyOrderForm,
  fieldErrorsFromServer,
  firstInvalidField,
  isPastWeddingDate,
  latestWeddingDate,
  toCreateGalleryInput,
} from './orderForm';

const SHARED_TEXTS = { en, fr, es };

function render(element: ReactElement, language: Language = 'en'): string {
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n: testTranslations(language) }, element));
}

/** How the field shows the message the rules give for `value`. */
function fieldMessage(field: Exclude<OrderField, 'plan'>, value: string, language: Language): string {
  const error = validateOrderForm({ ...emptyOrderForm(), [field]: value })[field];
  return render(
    createElement(TextField, {
      id: `order-${field}`,
      label: field,
      value,
      error,
      errorValues: orderMessageValues(field),
      onChange: () => undefined,
      onBlur: () => undefined,
    }),
    language,
  );
}

describe('order form limits', () => {
  it('caps each text input at the length the rules allow', () => {
    const client = new ApolloClient({ link: ApolloLink.empty(), cache: new InMemoryCache() });
    const markup = render(
      createElement(ApolloProvider, {
        client,
        children: createElement(OrderForm, { initialPlan: 'free', onCreated: () => undefined }),
      }),
    );
    for (const [field, maxLength] of Object.entries(ORDER_FIELD_MAX_LENGTH)) {
      const input = new RegExp(`<input[^>]*id="order-${field}"[^>]*>`).exec(markup)?.[0];
      expect(input).toContain(`maxLength="${maxLength}"`);
    }
  });

  it.each(['en', 'fr', 'es'] as const)('says how many characters a field takes, in %s', (language) => {
    const tooLong = `Sarah & Mike ${'x'.repeat(ORDER_FIELD_MAX_LENGTH.coupleNames)}`;
    const text = SHARED_TEXTS[language].validation.tooLong.replace(
      '{{count}}',
      String(ORDER_FIELD_MAX_LENGTH.coupleNames),
    );
    expect(fieldMessage('coupleNames', tooLong, language)).toContain(text);
  });

  it.each(['en', 'fr', 'es'] as const)(
    'asks to remove control and text-direction characters, in %s',
    (language) => {
      const text = SHARED_TEXTS[language].validation.forbiddenCharacters;
      expect(fieldMessage('location', 'Lyon \u202Eecnarf', language)).toContain(text);
      expect(fieldMessage('coupleNames', 'Sarah\u0000 & Mike', language)).toContain(text);
    },
  );
});

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

describe('a past wedding date', () => {
  it('is accepted with a word under the field that is not an error, tied to it for screen readers', () => {
    expect(validateOrderForm({ ...emptyOrderForm(), weddingDate: '2020-06-12' }).weddingDate).toBeUndefined();
    const markup = render(
      createElement(TextField, {
        id: 'order-weddingDate',
        label: 'Wedding Date',
        value: '2020-06-12',
        hint: 'This date is in the past.',
        onChange: () => undefined,
        onBlur: () => undefined,
      }),
    );
    expect(markup).toContain('aria-describedby="order-weddingDate-hint"');
    expect(markup).toContain('<p id="order-weddingDate-hint" class="field-hint"');
    expect(markup).not.toContain('role="alert"');
  });
});

describe('isPastWeddingDate', () => {
  const today = new Date(2026, 10, 25, 9, 0);

  it('is true only for a day before today', () => {
    expect(isPastWeddingDate('2026-11-24', today)).toBe(true);
    expect(isPastWeddingDate('2026-11-25', today)).toBe(false);
    expect(isPastWeddingDate('2027-06-12', today)).toBe(false);
    expect(isPastWeddingDate('', today)).toBe(false);
  });
});

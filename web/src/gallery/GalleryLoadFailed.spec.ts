import { describe, expect, it } from '@jest/globals';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { en, fr } from '@gallery/contracts';
import { testTranslations } from '../i18n/testTranslations';
import { GalleryLoadFailed } from './GalleryLoadFailed';

describe('a gallery that could not be read', () => {
  it.each([
    ['en', en],
    ['fr', fr],
  ] as const)('says how long to wait when lookups are rate limited, in %s', (language, texts) => {
    const markup = renderToStaticMarkup(
      createElement(
        I18nextProvider,
        { i18n: testTranslations(language) },
        createElement(GalleryLoadFailed, {
          error: { code: 'RATE_LIMITED', count: 840, extensions: {} },
          onRetry: () => undefined,
        }),
      ),
    );
    expect(markup).toContain(texts.errors.RATE_LIMITED.replace('{{count}}', '840'));
  });
});

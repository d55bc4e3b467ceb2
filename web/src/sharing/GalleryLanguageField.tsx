import { useId, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_OPTIONS, type Language } from '../i18n/languages';
import { SET_GALLERY_LANGUAGE } from './graphql';
import { useGalleryLanguage } from './useGalleryLanguage';
import './GalleryLanguageField.css';

/**
 * The couple's choice of the language their gallery's links, QR code and mails open it in; saved as soon as it
 * is picked (the links shown beside it follow).
 */
export function GalleryLanguageField({ code }: { code: string }) {
  const { t } = useTranslation();
  const selectId = useId();
  const hintId = useId();
  const language = useGalleryLanguage(code);
  const [save, saving] = useMutation(SET_GALLERY_LANGUAGE);
  const [outcome, setOutcome] = useState<'saved' | 'failed' | null>(null);

  return (
    <div className="gallery-language-field">
      <label htmlFor={selectId}>{t('galleryLanguage.label')}</label>
      <select
        id={selectId}
        value={language}
        disabled={saving.loading}
        aria-describedby={hintId}
        onChange={(event) => {
          setOutcome(null);
          save({ variables: { code, language: event.target.value as Language } })
            .then(() => setOutcome('saved'))
            .catch(() => setOutcome('failed'));
        }}
      >
        {LANGUAGE_OPTIONS.map((option) => (
          <option key={option.code} value={option.code} lang={option.code}>
            {option.label}
          </option>
        ))}
      </select>
      <p id={hintId} className="gallery-language-hint">
        {t('galleryLanguage.hint')}
      </p>
      {outcome === 'saved' && <p role="status">{t('galleryLanguage.saved')}</p>}
      {outcome === 'failed' && <p role="alert">{t('galleryLanguage.failed')}</p>}
    </div>
  );
}

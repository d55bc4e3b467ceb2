import { useId } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isLanguage, LANGUAGE_OPTIONS, LANGUAGE_STORAGE_KEY, switchLanguagePath } from '../i18n/languages';
import { useLanguage } from '../i18n/useLanguage';
import { writeStorage } from '../storage';

/** The header's language dropdown: stores the choice and moves to the same page under the new prefix. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const language = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const id = useId();

  return (
    <div className="language-select">
      <label htmlFor={id} className="visually-hidden">
        {t('nav.language')}
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLanguage(next)) return;
          writeStorage(LANGUAGE_STORAGE_KEY, next);
          void i18n.changeLanguage(next);
          navigate(`${switchLanguagePath(location.pathname, next)}${location.search}${location.hash}`);
        }}
      >
        {LANGUAGE_OPTIONS.map((option) => (
          <option key={option.code} value={option.code} lang={option.code}>
            {`${option.flag} ${option.label}`}
          </option>
        ))}
      </select>
    </div>
  );
}

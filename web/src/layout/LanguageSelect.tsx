import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_OPTIONS, LANGUAGE_STORAGE_KEY, switchLanguagePath, type Language } from '../i18n/languages';
import { showLanguage } from '../i18n';
import { useLanguage } from '../i18n/useLanguage';
import { writeStorage } from '../session/storage';
import { Flag } from './Flag';

/** The header's language dropdown: stores the choice and moves to the same page under the new prefix. */
export function LanguageSelect() {
  const { t } = useTranslation();
  const language = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const listId = useId();
  const current = LANGUAGE_OPTIONS.find((option) => option.code === language) ?? LANGUAGE_OPTIONS[0];

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    return () => document.removeEventListener('pointerdown', closeOnOutsideClick);
  }, [open]);

  const choose = (next: Language) => {
    setOpen(false);
    writeStorage(LANGUAGE_STORAGE_KEY, next);
    void showLanguage(next);
    navigate(`${switchLanguagePath(location.pathname, next)}${location.search}${location.hash}`);
  };

  return (
    <div
      className="language-select"
      ref={wrapperRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <button
        type="button"
        className="button button-ghost language-button"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`${t('nav.language')}: ${current.label}`}
        onClick={() => setOpen((value) => !value)}
      >
        <Flag language={current.code} />
        <span lang={current.code}>{current.label}</span>
      </button>
      <ul id={listId} className="language-list" hidden={!open}>
        {LANGUAGE_OPTIONS.map((option) => (
          <li key={option.code}>
            <button
              type="button"
              className="language-option"
              lang={option.code}
              aria-current={option.code === language ? 'true' : undefined}
              onClick={() => choose(option.code)}
            >
              <Flag language={option.code} />
              {option.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

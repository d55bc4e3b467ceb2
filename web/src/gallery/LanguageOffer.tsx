import { memo, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { i18n, loadLanguage } from '../i18n';
import { browserLanguage, LANGUAGE_STORAGE_KEY, switchLanguagePath, type Language } from '../i18n/languages';
import { useLanguage } from '../i18n/useLanguage';
import { readStorage, writeStorage } from '../session/storage';
import './LanguageOffer.css';

/**
 * A gallery link opens in the gallery's language; a guest whose browser asks for another one the site speaks is
 * offered theirs, in their own words and saying why ("This gallery is in French. View in English / Keep French"),
 * once: switching or keeping the shown language is remembered as the guest's choice. Memoized: the gallery page's
 * changes do not render it again.
 */
export const LanguageOffer = memo(function LanguageOffer() {
  const shown = useLanguage();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [offer, setOffer] = useState<Language | null>(null);

  useEffect(() => {
    const preferred = browserLanguage(navigator.languages);
    if (!preferred || preferred === shown || readStorage(LANGUAGE_STORAGE_KEY) === shown) {
      setOffer(null);
      return;
    }
    let current = true;
    void loadLanguage(preferred).then(() => {
      if (current) setOffer(preferred);
    });
    return () => {
      current = false;
    };
  }, [shown]);

  if (!offer) return null;
  const t = i18n.getFixedT(offer);
  // The gallery's language named in the guest's: "French", "francés".
  const language = new Intl.DisplayNames([offer], { type: 'language' }).of(shown) ?? shown;
  const target = `${switchLanguagePath(pathname, offer)}${search}`;
  return (
    <aside className="language-offer" lang={offer} data-testid="language-offer">
      <p className="language-offer-reason">{t('galleryLanguage.offerReason', { language })}</p>
      <a
        href={target}
        className="language-offer-switch"
        onClick={(event) => {
          event.preventDefault();
          writeStorage(LANGUAGE_STORAGE_KEY, offer);
          void navigate(target, { replace: true });
        }}
      >
        {t('galleryLanguage.offer')}
      </a>
      <button
        type="button"
        className="language-offer-dismiss"
        onClick={() => {
          writeStorage(LANGUAGE_STORAGE_KEY, shown);
          setOffer(null);
        }}
      >
        {t('galleryLanguage.dismiss', { language })}
      </button>
    </aside>
  );
});

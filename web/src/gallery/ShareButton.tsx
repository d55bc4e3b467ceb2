import { useTranslation } from 'react-i18next';
import { copyText } from '../ui/clipboard';

/** Shares the gallery link with the system share sheet, or copies it; `onNotice` confirms what happened. */
export function ShareButton({
  url,
  name,
  onNotice,
}: {
  url: string;
  name: string;
  onNotice: (text: string) => void;
}) {
  const { t } = useTranslation();

  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({
          title: t('gallery.shareTitle', { name }),
          text: t('gallery.shareText'),
          url,
        });
        onNotice(t('gallery.shared'));
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    onNotice((await copyText(url)) ? t('gallery.linkCopied') : t('gallery.copyThisLink', { url }));
  };

  return (
    <button type="button" className="button button-secondary" onClick={() => void share()}>
      {t('gallery.share')}
    </button>
  );
}

import './gallery.css';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../i18n/languages';
import { useTimedMessage } from '../ui/useTimedMessage';
import { FindMeLink } from './FindMeLink';
import { DownloadAllButton } from './DownloadAllButton';
import { galleryUrl } from './galleryUrl';
import { GuestNameField } from './GuestNameField';
import { QrCodeDialog } from './QrCodeDialog';
import { ShareButton } from './ShareButton';

interface GalleryActionsProps {
  code: string;
  name: string;
  /** The gallery's language: the shared link and the QR code open it in it. */
  language: Language;
  /** The gallery holds all its plan takes: no name to give for uploads (GalleryFullNotice says why). */
  full?: boolean;
  /** The couple: they get the QR code here too, to show a guest (guests share the link; the QR code is the couple's). */
  owner?: boolean;
}

/**
 * What a guest may do besides adding photos, under the landing: Share Gallery, Download All (owner, or guests when
 * allowed) and "Find my photos" (when the couple turned "Find me" on) as small buttons, and the name their photos
 * carry. Generate QR Code is the couple's alone (`owner`), beside the event page's printable one: a guest at the
 * party has a phone in hand and shares the link. Memoized: a photo joining the grid does not render it again.
 */
export const GalleryActions = memo(function GalleryActions({
  code,
  name,
  language,
  full = false,
  owner = false,
}: GalleryActionsProps) {
  const { t } = useTranslation();
  const [qrOpen, setQrOpen] = useState(false);
  const [notice, showNotice] = useTimedMessage();
  const url = galleryUrl(code, language);

  return (
    <div className="gallery-actions-wrap">
      <div className="gallery-actions is-secondary" role="group" aria-label={t('landing.secondary')}>
        <ShareButton url={url} name={name} onNotice={showNotice} />
        {owner && (
          <button type="button" className="button button-secondary" onClick={() => setQrOpen(true)}>
            {t('gallery.qr')}
          </button>
        )}
        <DownloadAllButton code={code} />
        <FindMeLink code={code} />
      </div>
      {!full && <GuestNameField />}
      <p className="action-notice" role="status">
        {notice}
      </p>
      {qrOpen && <QrCodeDialog url={url} code={code} onClose={() => setQrOpen(false)} />}
    </div>
  );
});

import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanId } from '@gallery/contracts';
import type { Language } from '../i18n/languages';
import { useTimedMessage } from '../ui/useTimedMessage';
import { SelectField } from '../ui/Field';
import { DownloadAllButton } from './DownloadAllButton';
import type { GalleryChallenge } from './graphql';
import { galleryUrl } from './galleryUrl';
import { GuestNameField } from './GuestNameField';
import { QrCodeDialog } from './QrCodeDialog';
import { ShareButton } from './ShareButton';
import { UploadButton } from './UploadButton';

interface GalleryActionsProps {
  code: string;
  name: string;
  plan: PlanId;
  /** The gallery's language: the shared link and the QR code open it in it. */
  language: Language;
  onFiles: (files: File[]) => void;
  /** The gallery's photo challenges: a guest picks the one their next upload answers. */
  challenges?: GalleryChallenge[];
  uploadChallenge?: string | null;
  onUploadChallenge?: (challengeId: string | null) => void;
  /** The gallery holds all its plan takes: no Upload Photos (GalleryFullNotice says why). */
  full?: boolean;
}

/**
 * Upload Photos, Share Gallery, Generate QR Code and Download All (owner, or guests when allowed). Memoized: a
 * photo joining the grid does not render it again.
 */
export const GalleryActions = memo(function GalleryActions({
  code,
  name,
  plan,
  language,
  onFiles,
  challenges = [],
  uploadChallenge = null,
  onUploadChallenge,
  full = false,
}: GalleryActionsProps) {
  const { t } = useTranslation();
  const [qrOpen, setQrOpen] = useState(false);
  const [notice, showNotice] = useTimedMessage();
  const url = galleryUrl(code, language);

  return (
    <div className="gallery-actions-wrap">
      <div className="gallery-actions" role="group" aria-label={t('gallery.actions')}>
        {!full && <UploadButton plan={plan} onFiles={onFiles} />}
        <ShareButton url={url} name={name} onNotice={showNotice} />
        <button type="button" className="button button-secondary" onClick={() => setQrOpen(true)}>
          {t('gallery.qr')}
        </button>
        <DownloadAllButton code={code} />
      </div>
      {!full && challenges.length > 0 && onUploadChallenge && (
        <SelectField
          className="upload-challenge"
          label={t('challenges.pick')}
          value={uploadChallenge ?? ''}
          onValueChange={(value) => onUploadChallenge(value || null)}
          options={[
            { value: '', label: t('challenges.none') },
            ...challenges.map((challenge) => ({ value: challenge.id, label: challenge.prompt })),
          ]}
        />
      )}
      {!full && <GuestNameField />}
      <p className="action-notice" role="status">
        {notice}
      </p>
      {qrOpen && <QrCodeDialog url={url} code={code} onClose={() => setQrOpen(false)} />}
    </div>
  );
});

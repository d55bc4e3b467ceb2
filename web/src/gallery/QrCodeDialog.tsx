import './gallery.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { track } from '../analytics/track';
import { Modal } from '../ui/Modal';
import { Spinner } from '../ui/Spinner';

/** The gallery link as a QR code, to show on a screen or download and print. */
export function QrCodeDialog({ url, code, onClose }: { url: string; code: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    QRCode.toDataURL(url, { width: 512, margin: 2, errorCorrectionLevel: 'M', color: { dark: '#2f2622ff' } })
      .then((dataUrl) => {
        if (!active) return;
        setImage(dataUrl);
        track('qr_code_generated', { gallery_code: code });
      })
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [url, code]);

  return (
    <Modal labelledBy="qr-title" onClose={onClose} className="qr-dialog">
      <h2 id="qr-title">{t('qr.title')}</h2>
      <p className="hint">{t('qr.hint')}</p>
      <div className="qr-frame">
        {image && (
          <img src={image} alt={t('qr.alt', { url })} width={256} height={256} data-testid="qr-code" />
        )}
        {!image && failed && <p role="alert">{t('qr.failed')}</p>}
        {!image && !failed && <Spinner />}
      </div>
      <p className="qr-url">{url}</p>
      <div className="button-row">
        {image && (
          <a href={image} download={`gallery-${code}-qr.png`} className="button button-secondary">
            {t('qr.download')}
          </a>
        )}
        <button type="button" className="button button-primary" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </Modal>
  );
}

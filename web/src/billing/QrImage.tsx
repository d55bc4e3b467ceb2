import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { Spinner } from '../ui/Spinner';

/** An address as a QR code drawn on the page (the same drawing as the gallery's QR dialog). */
export function QrImage({ url, alt, testId }: { url: string; alt: string; testId?: string }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    QRCode.toDataURL(url, { width: 512, margin: 2, errorCorrectionLevel: 'M', color: { dark: '#2f2622ff' } })
      .then((dataUrl) => active && setImage(dataUrl))
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
    };
  }, [url]);

  return (
    <div className="qr-frame">
      {image && <img src={image} alt={alt} width={200} height={200} data-testid={testId} />}
      {!image && failed && <p role="alert">{t('qr.failed')}</p>}
      {!image && !failed && <Spinner />}
    </div>
  );
}

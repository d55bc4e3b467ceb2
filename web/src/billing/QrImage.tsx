import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { Spinner } from '../ui/Spinner';

/** An address drawn as a 512 px QR code PNG (a data: URL), or the failure; null while it is drawn. */
export function useQrCode(url: string): { image: string | null; failed: boolean } {
  const [drawn, setDrawn] = useState<{ url: string; image: string | null; failed: boolean }>({
    url,
    image: null,
    failed: false,
  });

  useEffect(() => {
    let active = true;
    QRCode.toDataURL(url, { width: 512, margin: 2, errorCorrectionLevel: 'M', color: { dark: '#2f2622ff' } })
      .then((image) => active && setDrawn({ url, image, failed: false }))
      .catch(() => active && setDrawn({ url, image: null, failed: true }));
    return () => {
      active = false;
    };
  }, [url]);

  return drawn.url === url ? drawn : { image: null, failed: false };
}

/** An address as a QR code drawn on the page (the same drawing as the gallery's QR dialog). */
export function QrImage({
  url,
  alt,
  testId,
  size = 200,
}: {
  url: string;
  alt: string;
  testId?: string;
  /** Its width and height on the page, in CSS pixels. */
  size?: number;
}) {
  const { t } = useTranslation();
  const { image, failed } = useQrCode(url);

  return (
    <div className="qr-frame" style={{ minHeight: size }}>
      {image && <img src={image} alt={alt} width={size} height={size} data-testid={testId} />}
      {!image && failed && <p role="alert">{t('qr.failed')}</p>}
      {!image && !failed && <Spinner />}
    </div>
  );
}

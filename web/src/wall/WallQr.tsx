import { useEffect, useState } from 'react';
import QRCode from 'qrcode';

/** The gallery's address as a QR code in the wall's corner, drawn once; nothing shows if it cannot be drawn. */
export function WallQr({ url, alt }: { url: string; alt: string }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    QRCode.toDataURL(url, { width: 320, margin: 1, errorCorrectionLevel: 'M' })
      .then((dataUrl) => active && setImage(dataUrl))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [url]);
  return image ? <img className="wall-qr" src={image} alt={alt} /> : null;
}

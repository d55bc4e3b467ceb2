import './PhotoImage.css';
import { useEffect, useLayoutEffect, useRef, useState, type ImgHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { useTileSettled } from './tileSettling';

/**
 * The waits before an image that failed is asked for again (a venue's Wi-Fi drops a few of hundreds of
 * thumbnails): after the last, the photo is taken for one this browser cannot draw.
 */
export const IMAGE_RETRY_WAITS_MS = [1000, 2000, 4000];

/** The sources of images whose tiles were taken away while they loaded. */
const cancelledSources = new WeakMap<HTMLImageElement, string>();

type PhotoImageProps = ImgHTMLAttributes<HTMLImageElement> & {
  alt: string;
  'data-photo-id': string;
  /** A grid's tile: its image is asked for only once it stayed a moment, when it came in during a scroll. */
  waitWhileScrolling?: boolean;
};

/**
 * A photo, or a labelled tile when this browser cannot show it. HEIC photos get JPEG thumbnails and previews on
 * the server like any photo; the tile is for the rare one the server could not decode (kept as taken, without
 * derived images), which only Safari draws. The original stays downloadable from the viewer. An image that fails
 * is asked for again after each of IMAGE_RETRY_WAITS_MS (a new element each time, its tile's colour meanwhile):
 * one lost download does not leave a tile saying the photo cannot be shown.
 *
 * An image still loading when its tile leaves the page (a guest flinging through a long gallery) has its request
 * cancelled: Chromium would otherwise finish every one, and the tiles the guest stops on wait behind hundreds
 * of thumbnails nobody sees any more.
 */
export function PhotoImage({ waitWhileScrolling = false, ...props }: PhotoImageProps) {
  const [failures, setFailures] = useState(0);
  const [waiting, setWaiting] = useState(false);
  const failed = failures > IMAGE_RETRY_WAITS_MS.length;
  const settled = useTileSettled(waitWhileScrolling);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setWaiting(false), IMAGE_RETRY_WAITS_MS[failures - 1]);
    return () => clearTimeout(timer);
  }, [waiting, failures]);
  const imageRef = useRef<HTMLImageElement>(null);
  // Before the tile leaves the document: a source changed on a detached image registers it with the document's
  // viewport listeners for good (a leak of every tile passed).
  useLayoutEffect(() => {
    const image = imageRef.current;
    if (!image) return;
    // React's development mode rehearses an unmount and a mount: the mount gives back what the rehearsal took.
    const cancelled = cancelledSources.get(image);
    if (cancelled !== undefined) {
      cancelledSources.delete(image);
      image.setAttribute('src', cancelled);
    }
    return () => {
      const source = image.getAttribute('src');
      if (image.complete || source === null) return;
      cancelledSources.set(image, source);
      image.removeAttribute('src');
    };
  }, [failures]);
  if (failed) return <UnavailablePhoto label={props.alt} photoId={props['data-photo-id']} />;
  return (
    <img
      {...props}
      key={failures}
      src={settled && !waiting ? props.src : undefined}
      ref={imageRef}
      onError={() => {
        setFailures((count) => count + 1);
        setWaiting(failures < IMAGE_RETRY_WAITS_MS.length);
      }}
    />
  );
}

/** The labelled tile of a photo this browser cannot show (its own component: only it needs the translations). */
function UnavailablePhoto({ label, photoId }: { label: string; photoId: string }) {
  const { t } = useTranslation();
  return (
    <span
      // An image with no name (the approval queue's, whose checkbox names the photo) is hidden from screen readers.
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      className="photo-unavailable"
      data-photo-id={photoId}
    >
      {t('gallery.previewUnavailable')}
    </span>
  );
}

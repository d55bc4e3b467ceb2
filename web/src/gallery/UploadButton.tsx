import { memo, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { PLANS, type PlanId } from '@gallery/contracts';
import { acceptedTypes } from './uploads';

const PHONE = '(pointer: coarse)';

let phoneQuery: MediaQueryList | null | undefined;
/** Asked once: each render reads it, and asking the browser again each time costs a slow phone (uploads). */
const touchScreen = () =>
  (phoneQuery ??= typeof window.matchMedia === 'function' ? window.matchMedia(PHONE) : null);

function watchTouchScreen(changed: () => void): () => void {
  const media = touchScreen();
  media?.addEventListener('change', changed);
  return () => media?.removeEventListener('change', changed);
}

/** Whether the page runs on a touch screen (a phone or tablet), whose browser can open the camera directly. */
export function useTouchScreen(): boolean {
  return useSyncExternalStore(
    watchTouchScreen,
    () => touchScreen()?.matches ?? false,
    () => false,
  );
}

/**
 * The "Upload Photos" button and the file input behind it; the input offers videos only when the gallery's plan
 * takes them (the server decides again on each file's content). On a phone, "Take a photo" opens the camera
 * straight away (`capture`), the photo going to the same queue. Memoized: the landing around it renders again
 * with each photo count, it does not.
 */
export const UploadButton = memo(function UploadButton({
  plan,
  onFiles,
}: {
  plan: PlanId;
  onFiles: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const phone = useTouchScreen();
  const take = (input: HTMLInputElement) => {
    const files = Array.from(input.files ?? []);
    input.value = '';
    if (files.length > 0) onFiles(files);
  };
  return (
    <>
      <button type="button" className="button button-primary" onClick={() => inputRef.current?.click()}>
        {t('gallery.upload')}
      </button>
      <input
        ref={inputRef}
        type="file"
        accept={acceptedTypes(plan)}
        multiple
        hidden
        tabIndex={-1}
        aria-label={PLANS[plan].videos ? t('video.chooseFiles') : t('upload.chooseFiles')}
        data-testid="photo-file-input"
        onChange={(event) => take(event.target)}
      />
      {phone && (
        <>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => cameraRef.current?.click()}
          >
            {t('upload.takePhoto')}
          </button>
          <input
            ref={cameraRef}
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            tabIndex={-1}
            aria-label={t('upload.takePhoto')}
            data-testid="camera-input"
            onChange={(event) => take(event.target)}
          />
        </>
      )}
    </>
  );
});

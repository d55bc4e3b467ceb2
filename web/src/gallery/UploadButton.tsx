import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PLANS, type PlanId } from '@gallery/contracts';
import { acceptedTypes } from './uploads';

/**
 * The "Upload Photos" button and the file input behind it; the input offers videos only when the gallery's plan
 * takes them (the server decides again on each file's content).
 */
export function UploadButton({ plan, onFiles }: { plan: PlanId; onFiles: (files: File[]) => void }) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
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
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}

import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCEPTED_PHOTO_TYPES } from '@gallery/contracts';

/** The "Upload Photos" button and the file input behind it. */
export function UploadButton({ onFiles }: { onFiles: (files: File[]) => void }) {
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
        accept={ACCEPTED_PHOTO_TYPES.join(',')}
        multiple
        hidden
        tabIndex={-1}
        aria-label={t('upload.chooseFiles')}
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

import { memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { percentOf, type UploadItem } from './uploadItems';

const STATUS_TEXT = {
  waiting: 'upload.waiting',
  uploading: 'upload.uploading',
  paused: 'upload.paused',
  busy: 'upload.busy',
  confirming: 'upload.confirming',
  done: 'upload.done',
} as const;

interface UploadRowProps {
  item: UploadItem;
  onRemove: (id: string) => void;
  onChooseAgain: (id: string, file: File) => void;
}

/** One file of the list; rows whose file did not change are not drawn again (a hundred files at once). */
export const UploadRow = memo(function UploadRow({ item, onRemove, onChooseAgain }: UploadRowProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const percent = percentOf(item.sent, item.size);
  return (
    <li className={`upload-row is-${item.status}`} data-testid="upload-item" data-status={item.status}>
      <span className="upload-name">{item.name}</span>
      {item.status === 'failed' && (
        <p className="field-error" role="alert">
          {t(`errors.${item.refusal?.code ?? 'INTERNAL'}`, { count: item.refusal?.count })}
        </p>
      )}
      {item.status === 'unreadable' && (
        <>
          <p className="field-error" role="alert">
            {t('upload.unreadable')}
          </p>
          <div className="upload-row-actions">
            <button
              type="button"
              className="button button-secondary"
              aria-label={t('upload.chooseAgainLabel', { name: item.name })}
              onClick={() => inputRef.current?.click()}
            >
              {t('upload.chooseAgain')}
            </button>
            <button
              type="button"
              className="button button-ghost"
              aria-label={t('upload.removeLabel', { name: item.name })}
              onClick={() => onRemove(item.id)}
            >
              {t('upload.remove')}
            </button>
            <input
              ref={inputRef}
              type="file"
              hidden
              tabIndex={-1}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) onChooseAgain(item.id, file);
              }}
            />
          </div>
        </>
      )}
      {item.status !== 'failed' && item.status !== 'unreadable' && (
        <>
          <progress
            max={100}
            value={percent}
            aria-valuenow={percent}
            aria-label={t('upload.progressLabel', { name: item.name })}
          />
          <span className="upload-percent">{t('upload.percent', { percent })}</span>
          <span className="upload-state">{t(STATUS_TEXT[item.status])}</span>
        </>
      )}
    </li>
  );
});

import { useTranslation } from 'react-i18next';
import type { UploadItem } from './uploads';

const STATUS_TEXT = {
  waiting: 'upload.waiting',
  uploading: 'upload.uploading',
  confirming: 'upload.confirming',
  done: 'upload.done',
} as const;

export function UploadRow({ item }: { item: UploadItem }) {
  const { t } = useTranslation();
  return (
    <li className={`upload-row is-${item.status}`} data-testid="upload-item" data-status={item.status}>
      <span className="upload-name">{item.name}</span>
      {item.status === 'failed' ? (
        <p className="field-error" role="alert">
          {t(`errors.${item.refusal?.code ?? 'INTERNAL'}`, { count: item.refusal?.count })}
        </p>
      ) : (
        <>
          <progress
            max={100}
            value={item.progress}
            aria-valuenow={item.progress}
            aria-label={t('upload.progressLabel', { name: item.name })}
          />
          <span className="upload-percent">{t('upload.percent', { percent: item.progress })}</span>
          <span className="upload-state">{t(STATUS_TEXT[item.status])}</span>
        </>
      )}
    </li>
  );
}

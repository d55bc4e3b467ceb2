import { useTranslation } from 'react-i18next';
import type { UploadItem } from './uploads';
import { UploadRow } from './UploadRow';

export function UploadList({ items, onClear }: { items: UploadItem[]; onClear: () => void }) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  const done = items.filter((item) => item.status === 'done').length;
  const finished = items.some((item) => item.status === 'done' || item.status === 'failed');
  return (
    <section className="upload-panel" aria-labelledby="uploads-title">
      <div className="upload-panel-head">
        <h2 id="uploads-title">{t('upload.listLabel')}</h2>
        <p className="upload-summary">{t('upload.summary', { done, total: items.length })}</p>
        {finished && (
          <button type="button" className="button button-ghost button-small" onClick={onClear}>
            {t('upload.clear')}
          </button>
        )}
      </div>
      <ul className="upload-list">
        {items.map((item) => (
          <UploadRow key={item.id} item={item} />
        ))}
      </ul>
    </section>
  );
}

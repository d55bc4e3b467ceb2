import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionalAppState } from '../state/AppStateProvider';
import { BusyNotice } from '../ui/BusyNotice';
import { busyUntil, isFinished, queueProgress, rowsShown } from './uploadItems';
import { UploadRow } from './UploadRow';
import { useUploadItems, type UploadProgress } from './useUploads';
import './uploads.css';

interface UploadListProps {
  progress: UploadProgress;
  onClear: () => void;
  onRemove: (id: string) => void;
  onChooseAgain: (id: string, file: File) => void;
}

/**
 * The files on their way, with the whole queue's progress; offline, it says the uploads wait for the network,
 * and while the server asks them to wait (sent too fast) when they go on.
 * Many files list only those on their way and the next in line (rowsShown); once every file has ended it
 * collapses to a summary, keeping only the files that need the guest (failed). "Show details" lists them all.
 * It follows the progress itself: the page around it does not re-render with each report. Memoised: the page
 * rendering again (a photo added to the grid) does not draw its rows again.
 */
export const UploadList = memo(function UploadList({
  progress,
  onClear,
  onRemove,
  onChooseAgain,
}: UploadListProps) {
  const { t } = useTranslation();
  const items = useUploadItems(progress);
  const online = useOptionalAppState()?.state.ui.isOnline ?? true;
  const [expanded, setExpanded] = useState(false);
  if (items.length === 0) return null;
  const { done, total, percent } = queueProgress(items);
  const allEnded = items.every(isFinished);
  const failed = items.filter((item) => item.status === 'failed').length;
  const waitingForNetwork = !allEnded && (!online || items.some((item) => item.status === 'paused'));
  const shown = rowsShown(items, expanded);
  const resumesAt = busyUntil(items);

  return (
    <section
      className={`upload-panel${allEnded ? ' is-ended' : ''}`}
      aria-labelledby="uploads-title"
      data-testid="upload-panel"
      data-ended={allEnded}
    >
      <div className="upload-panel-head">
        <h2 id="uploads-title">{t('upload.listLabel')}</h2>
        {allEnded ? (
          // Green says all went well: a summary with failures is not written in it.
          <p
            className={`upload-summary upload-ended${failed > 0 ? ' has-failures' : ''}`}
            role="status"
            data-testid="upload-summary"
          >
            {done === 0 && failed > 0 ? (
              <span className="upload-failed-count">{t('upload.noneUploaded', { count: failed })}</span>
            ) : (
              <>
                <span className="upload-done-count">{t('upload.allDone', { count: done })}</span>
                {failed > 0 && (
                  <>
                    {' · '}
                    <span className="upload-failed-count">{t('upload.failedCount', { count: failed })}</span>
                  </>
                )}
              </>
            )}
          </p>
        ) : (
          <p className="upload-summary" data-testid="upload-summary">
            {t('upload.summary', { done, total })}
          </p>
        )}
        <div className="upload-panel-actions">
          {(expanded || shown.length < items.length) && (
            <button
              type="button"
              className="button button-ghost"
              aria-expanded={expanded}
              aria-controls="upload-list"
              onClick={() => setExpanded(!expanded)}
            >
              {expanded ? t('upload.hideDetails') : t('upload.showDetails')}
            </button>
          )}
          {items.some(isFinished) && (
            <button type="button" className="button button-ghost" onClick={onClear}>
              {t('upload.clear')}
            </button>
          )}
        </div>
      </div>
      {!allEnded && (
        <div className="upload-overall">
          <progress
            max={100}
            value={percent}
            aria-label={t('upload.overallLabel')}
            data-testid="upload-overall"
          />
          <span className="upload-percent">{t('upload.percent', { percent })}</span>
        </div>
      )}
      <p className="upload-offline" role="status" data-testid="upload-offline">
        {waitingForNetwork ? t('upload.offline') : ''}
      </p>
      {resumesAt !== null && (
        <BusyNotice
          until={resumesAt}
          text={(count) => t('upload.busyUntil', { count })}
          testId="upload-busy"
        />
      )}
      {shown.length > 0 && (
        <ul className="upload-list" id="upload-list">
          {shown.map((item) => (
            <UploadRow key={item.id} item={item} onRemove={onRemove} onChooseAgain={onChooseAgain} />
          ))}
        </ul>
      )}
    </section>
  );
});

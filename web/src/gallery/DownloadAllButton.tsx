import { useId, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import {
  DOWNLOAD_RIGHTS_QUERY,
  downloadFraction,
  downloadText,
  SET_GUEST_DOWNLOADS,
  type ArchiveLayout,
} from './downloadAll';
import { useDownloadAll } from './useDownloadAll';
import { recordActivity } from '../analytics/activity';
import { useSettled } from '../api/settled';
import './DownloadAllButton.css';

/**
 * Download All, for the owner and, when the owner allows it, for guests (hidden otherwise): the zip's progress
 * as a bar with the spec's texts, then the browser's download. `guestSwitch={false}` where the page has its own.
 */
export function DownloadAllButton({ code, guestSwitch = true }: { code: string; guestSwitch?: boolean }) {
  const { t } = useTranslation();
  // Not joined to a request already under way: the gallery's live update asks again after the couple's change,
  // and that answer must be one read after the change (useGallery).
  // Read once the page has settled: the button is not part of the gallery's first picture.
  const settled = useSettled();
  const rights = useQuery(DOWNLOAD_RIGHTS_QUERY, {
    variables: { code },
    skip: !settled,
    fetchPolicy: 'network-only',
    context: { queryDeduplication: false },
  });
  const { state, start, busy } = useDownloadAll(code);
  const [layout, setLayout] = useState<ArchiveLayout>('BY_DATE');
  const [jpegCopies, setJpegCopies] = useState(false);
  const layoutId = useId();
  const [setGuestDownloads, saving] = useMutation(SET_GUEST_DOWNLOADS);
  const event = rights.data?.event;
  if (!event || !(event.isOwner || event.guestDownloadsAllowed)) return null;
  const text = downloadText(state);
  const showBar = busy || state.stage === 'complete';

  return (
    <div className="download-all">
      <button
        type="button"
        className="button button-secondary"
        onClick={() => {
          recordActivity(code, 'DOWNLOAD');
          void start(event.isOwner ? layout : 'BY_DATE', event.isOwner && jpegCopies);
        }}
        disabled={busy}
        aria-busy={busy}
      >
        {t('gallery.downloadAll')}
      </button>
      {showBar && (
        <progress
          className="download-progress"
          max={1}
          value={downloadFraction(state)}
          aria-label={t('downloadAll.progressLabel')}
        />
      )}
      {event.isOwner && (
        <span className="download-layout">
          <label htmlFor={layoutId}>{t('archiveLayout.label')}</label>
          <select
            id={layoutId}
            value={layout}
            disabled={busy}
            onChange={(change) => setLayout(change.target.value as ArchiveLayout)}
          >
            <option value="BY_DATE">{t('archiveLayout.byDate')}</option>
            <option value="BY_GUEST">{t('archiveLayout.byGuest')}</option>
            <option value="BY_CHALLENGE">{t('archiveLayout.byChallenge')}</option>
            <option value="BY_TABLE">{t('archiveLayout.byTable')}</option>
            <option value="HIGHLIGHTS">{t('archiveLayout.highlights')}</option>
          </select>
        </span>
      )}
      {event.isOwner && (
        <label className="download-jpeg-copies">
          <input
            type="checkbox"
            checked={jpegCopies}
            disabled={busy}
            onChange={(change) => setJpegCopies(change.target.checked)}
          />
          {t('jpegCopies.label')}
        </label>
      )}
      {event.isOwner && guestSwitch && (
        <label className="download-guests">
          <input
            type="checkbox"
            checked={event.guestDownloadsAllowed}
            disabled={saving.loading}
            onChange={(change) =>
              void setGuestDownloads({ variables: { code, allowed: change.target.checked } }).catch(
                () => undefined,
              )
            }
          />
          {t('downloadAll.guestsMay')}
        </label>
      )}
      <p className={`download-status${state.stage === 'failed' ? ' is-error' : ''}`} role="status">
        {text && t(text[0], text[1])}
      </p>
    </div>
  );
}

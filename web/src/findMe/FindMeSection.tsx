import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { readApiError, type ApiError } from '../api/apiErrors';
import { SwitchField } from '../ui/Field';
import { PageSection } from '../ui/Section';
import { FIND_ME_SETTINGS_QUERY, SET_FIND_ME } from './graphql';
import './findMe.css';

/** How often the couple's page reads how far the photos were looked at: often while some wait, else now and then. */
const PROGRESS_POLL_MS = 3000;
const IDLE_POLL_MS = 15_000;

/**
 * The event page's "Find me" section: what it does in plain words (which data, for how long, who sees what) before
 * the switch (off by default), then how far the gallery's photos were looked at for faces once it is on.
 */
export function FindMeSection({ code }: { code: string }) {
  const { t } = useTranslation();
  const settings = useQuery(FIND_ME_SETTINGS_QUERY, { variables: { code } });
  const current = settings.data?.findMeSettings;
  const waiting = current?.on === true && current.waitingPhotos > 0;
  const { startPolling, stopPolling } = settings;
  // Read again while it is on: every few seconds while photos wait, now and then for new ones coming in.
  const on = current?.on === true;
  useEffect(() => {
    if (!on) return;
    startPolling(waiting ? PROGRESS_POLL_MS : IDLE_POLL_MS);
    return () => stopPolling();
  }, [on, waiting, startPolling, stopPolling]);
  const [setFindMe, saving] = useMutation(SET_FIND_ME, {
    update: (cache, result) => {
      const findMeSettings = result.data?.setFindMe;
      if (findMeSettings)
        cache.writeQuery({ query: FIND_ME_SETTINGS_QUERY, variables: { code }, data: { findMeSettings } });
    },
  });
  const [failure, setFailure] = useState<ApiError | null>(null);
  const shownFailure = failure ?? (settings.error ? readApiError(settings.error) : null);
  const total = current ? current.indexedPhotos + current.waitingPhotos : 0;
  return (
    <PageSection id="find-me" title={t('findMe.title')} intro={t('findMe.intro')}>
      <ul className="find-me-terms">
        <li>{t('findMe.data')}</li>
        <li>{t('findMe.howLong')}</li>
        <li>{t('findMe.whoSees')}</li>
      </ul>
      <SwitchField
        label={t('findMe.switch')}
        checked={current?.on ?? false}
        disabled={!current || saving.loading}
        error={shownFailure ? t(`errors.${shownFailure.code}`, { count: shownFailure.count }) : undefined}
        onCheckedChange={(on) => {
          setFailure(null);
          setFindMe({ variables: { code, on } }).catch((error: unknown) => setFailure(readApiError(error)));
        }}
      />
      {current?.on && (
        <div className="find-me-progress" data-testid="find-me-progress">
          {waiting ? (
            <>
              <progress max={total} value={current.indexedPhotos} aria-label={t('findMe.title')} />
              <p role="status">{t('findMe.indexing', { indexed: current.indexedPhotos, total })}</p>
            </>
          ) : (
            <p role="status">{t('findMe.indexed', { count: current.indexedPhotos })}</p>
          )}
        </div>
      )}
    </PageSection>
  );
}

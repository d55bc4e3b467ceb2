import { useEffect, useState, type FormEvent } from 'react';
import type { ApolloCache } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { BACKUP_LIMITS, type PlanId } from '@gallery/contracts';
import { readApiError, type ApiError } from '../api/apiErrors';
import { Button, ButtonLink } from '../ui/Button';
import { SwitchField, TextField } from '../ui/Field';
import { PageSection } from '../ui/Section';
import { Spinner } from '../ui/Spinner';
import {
  BACK_UP_EVERYTHING,
  BACKUP_QUERY,
  CONNECT_WEBDAV_BACKUP,
  DISCONNECT_BACKUP,
  SET_BACKUP_FOLDER_PER_GUEST,
  type Backup,
} from './backupGraphql';
import './premium.css';

/**
 * While copies are pending the page reads the state again this often. The state is the owner's only, and the
 * gateway's live socket has no owner check: a query keeps the one owner check (README, "Backup").
 */
const PROGRESS_POLL_MS = 3000;

/** The event page's "Backup": connect a WebDAV drive, then how far the copies have come. */
export function BackupSection({ code, plan }: { code: string; plan: PlanId }) {
  const { t } = useTranslation();
  const { data, loading, startPolling, stopPolling } = useQuery(BACKUP_QUERY, {
    variables: { eventCode: code },
  });
  const backup = data?.backup ?? null;
  const pending = !!backup && backup.state === 'ACTIVE' && backup.copied < backup.total;
  useEffect(() => {
    if (!backup || backup.state !== 'ACTIVE') return;
    // Pending copies are followed closely; otherwise a slower look shows new uploads arriving.
    startPolling(pending ? PROGRESS_POLL_MS : PROGRESS_POLL_MS * 5);
    return () => stopPolling();
  }, [backup, pending, startPolling, stopPolling]);
  return (
    <PageSection id="backup" title={t('backup.title')} intro={t('backup.intro')}>
      {loading && !data ? (
        <Spinner label={t('common.loading')} />
      ) : backup ? (
        <BackupState code={code} backup={backup} />
      ) : (
        <ConnectForm code={code} plan={plan} />
      )}
      <p className="field-hint">{t('backup.removedStay')}</p>
    </PageSection>
  );
}

function ConnectForm({ code, plan }: { code: string; plan: PlanId }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [folderPerGuest, setFolderPerGuest] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [connect, connecting] = useMutation(CONNECT_WEBDAV_BACKUP, {
    update(cache, { data }) {
      if (!data) return;
      cache.writeQuery({
        query: BACKUP_QUERY,
        variables: { eventCode: code },
        data: { backup: data.connectWebDavBackup },
      });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    connect({ variables: { eventCode: code, url, username, password, folderPerGuest } }).catch(
      (error: unknown) => setFailure(readApiError(error)),
    );
  };
  return (
    <form className="backup-form" onSubmit={submit} noValidate>
      {plan !== 'premium' && <p className="premium-note">{t('backup.premiumOnly')}</p>}
      <TextField
        label={t('backup.urlLabel')}
        hint={t('backup.urlHint')}
        name="url"
        type="url"
        inputMode="url"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={BACKUP_LIMITS.urlChars}
        value={url}
        onValueChange={setUrl}
      />
      <TextField
        label={t('backup.usernameLabel')}
        name="username"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={BACKUP_LIMITS.usernameChars}
        value={username}
        onValueChange={setUsername}
      />
      <TextField
        label={t('backup.passwordLabel')}
        hint={t('backup.passwordHint')}
        name="password"
        type="password"
        autoComplete="new-password"
        maxLength={BACKUP_LIMITS.passwordChars}
        value={password}
        onValueChange={setPassword}
      />
      <SwitchField
        label={t('backup.folderPerGuest')}
        hint={t('backup.folderPerGuestHint')}
        checked={folderPerGuest}
        onCheckedChange={setFolderPerGuest}
      />
      {failure && (
        <p role="alert" className="form-error" data-testid="backup-error">
          {t(`errors.${failure.code}`, { count: failure.count })}
        </p>
      )}
      <div className="premium-actions">
        <Button
          type="submit"
          variant="primary"
          disabled={connecting.loading || !url.trim() || !username.trim() || !password}
        >
          {connecting.loading ? t('backup.connecting') : t('backup.connect')}
        </Button>
        {failure?.code === 'BACKUP_NEEDS_PREMIUM' && (
          <ButtonLink to={`/upgrade/${encodeURIComponent(code)}`} variant="secondary">
            {t('backup.upgrade')}
          </ButtonLink>
        )}
      </div>
    </form>
  );
}

function BackupState({ code, backup }: { code: string; backup: Backup }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [everythingAsked, setEverythingAsked] = useState(false);
  const [confirmDisconnect, setConfirmDisconnect] = useState(false);
  // A Backup has no id for the cache to merge by: each answer replaces the page's query result.
  const write = (cache: ApolloCache, next: Backup | null) =>
    cache.writeQuery({ query: BACKUP_QUERY, variables: { eventCode: code }, data: { backup: next } });
  const [everything, askingEverything] = useMutation(BACK_UP_EVERYTHING, {
    update(cache, { data }) {
      if (data) write(cache, data.backUpEverything);
    },
  });
  const [setFolderPerGuest, savingFolders] = useMutation(SET_BACKUP_FOLDER_PER_GUEST, {
    update(cache, { data }) {
      if (data) write(cache, data.setBackupFolderPerGuest);
    },
  });
  const [disconnect, disconnecting] = useMutation(DISCONNECT_BACKUP, {
    update(cache) {
      write(cache, null);
    },
  });
  const fail = (error: unknown) => setFailure(readApiError(error));
  return (
    <div className="backup-state" data-state={backup.state.toLowerCase()}>
      <p className="backup-destination">
        {t('backup.destination')} <strong>{backup.address}</strong> ({backup.username})
      </p>
      <p role="status" className="backup-progress" data-testid="backup-progress">
        {backup.state === 'STOPPED' && backup.stopReason
          ? t(`backup.stopped.${backup.stopReason}`)
          : `${t('backup.progress', { copied: backup.copied, total: backup.total })}.${
              backup.total > 0 && backup.copied === backup.total ? ` ${t('backup.upToDate')}` : ''
            }`}
      </p>
      {backup.lastFailure && (
        <p className="backup-error" role="alert" data-testid="backup-last-error">
          {t('backup.lastError', {
            reason: t(`backup.failures.${backup.lastFailure}`),
            detail: backup.lastError ?? '',
          })}
        </p>
      )}
      <SwitchField
        label={t('backup.folderPerGuest')}
        hint={t('backup.folderPerGuestHint')}
        checked={backup.folderPerGuest}
        disabled={savingFolders.loading}
        onCheckedChange={(folderPerGuest) => {
          setFailure(null);
          setFolderPerGuest({ variables: { eventCode: code, folderPerGuest } }).catch(fail);
        }}
      />
      {everythingAsked && <p className="form-success">{t('backup.everythingDone')}</p>}
      {failure && (
        <p role="alert" className="form-error">
          {t(`errors.${failure.code}`, { count: failure.count })}
        </p>
      )}
      {confirmDisconnect ? (
        <div className="premium-actions">
          <p>{t('backup.disconnectWarning')}</p>
          <Button
            variant="danger"
            disabled={disconnecting.loading}
            onClick={() => void disconnect({ variables: { eventCode: code } }).catch(fail)}
          >
            {t('backup.disconnectConfirm')}
          </Button>
          <Button variant="ghost" onClick={() => setConfirmDisconnect(false)}>
            {t('backup.cancel')}
          </Button>
        </div>
      ) : (
        <div className="premium-actions">
          <Button
            variant="primary"
            disabled={askingEverything.loading || backup.state !== 'ACTIVE'}
            onClick={() => {
              setFailure(null);
              everything({ variables: { eventCode: code } })
                .then(() => setEverythingAsked(true))
                .catch(fail);
            }}
          >
            {t('backup.everything')}
          </Button>
          <Button variant="secondary" onClick={() => setConfirmDisconnect(true)}>
            {t('backup.disconnect')}
          </Button>
        </div>
      )}
    </div>
  );
}

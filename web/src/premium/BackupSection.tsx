import { useEffect, useState, type FormEvent } from 'react';
import type { ApolloCache } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  BACKUP_LIMITS,
  BACKUP_OAUTH_RESULT_PARAM,
  type BackupOAuthKind,
  type ErrorCode,
  type PlanId,
} from '@gallery/contracts';
import { readApiError, type ApiError } from '../api/apiErrors';
import { Button } from '../ui/Button';
import { SwitchField, TextField } from '../ui/Field';
import { PageSection } from '../ui/Section';
import { Spinner } from '../ui/Spinner';
import {
  BACK_UP_EVERYTHING,
  BACKUP_DRIVES,
  BACKUP_QUERY,
  CONNECT_WEBDAV_BACKUP,
  DISCONNECT_BACKUP,
  SET_BACKUP_FOLDER_PER_GUEST,
  START_OAUTH_BACKUP,
  type Backup,
} from './backupGraphql';
import './premium.css';
import { PremiumFold } from './PremiumFold';

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
      <SignInResult />
      {loading && !data ? (
        <Spinner label={t('common.loading')} />
      ) : backup ? (
        <BackupState code={code} backup={backup} />
      ) : (
        <PremiumFold code={code} plan={plan}>
          <ConnectForm code={code} />
        </PremiumFold>
      )}
      <p className="field-hint">{t('backup.removedStay')}</p>
    </PageSection>
  );
}

/**
 * How a drive's sign-in ended, from the query the callback sent the couple back with (`?backup=…`): said once,
 * then taken out of the address so a reload does not say it again.
 */
function SignInResult() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const [result] = useState(() => searchParams.get(BACKUP_OAUTH_RESULT_PARAM));
  useEffect(() => {
    if (!searchParams.has(BACKUP_OAUTH_RESULT_PARAM)) return;
    const rest = new URLSearchParams(searchParams);
    rest.delete(BACKUP_OAUTH_RESULT_PARAM);
    setSearchParams(rest, { replace: true });
  }, [searchParams, setSearchParams]);
  if (!result) return null;
  if (result === 'connected') {
    return (
      <p role="status" className="form-success" data-testid="backup-signed-in">
        {t('backup.connected')}
      </p>
    );
  }
  // Only codes the product has a sentence for; anything else in the address is not shown.
  const known = /^[A-Z_]{1,60}$/.test(result) && t(`errors.${result}`, { defaultValue: '' });
  return known ? (
    <p role="alert" className="form-error" data-testid="backup-sign-in-error">
      {t(`errors.${result as ErrorCode}`)}
    </p>
  ) : null;
}

/** The buttons of the drives this site offers by signing in, each sending the couple to the drive's sign-in page. */
function SignInButtons({ code, folderPerGuest }: { code: string; folderPerGuest: boolean }) {
  const { t } = useTranslation();
  const { data } = useQuery(BACKUP_DRIVES);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [opening, setOpening] = useState<BackupOAuthKind | null>(null);
  const [start] = useMutation(START_OAUTH_BACKUP);
  const drives = data?.backupDrives ?? [];
  if (drives.length === 0) return null;
  const open = (drive: BackupOAuthKind) => {
    setFailure(null);
    setOpening(drive);
    start({ variables: { eventCode: code, drive, folderPerGuest } })
      .then(({ data: started }) => {
        if (started) window.location.assign(started.startOAuthBackup);
      })
      .catch((error: unknown) => {
        setOpening(null);
        setFailure(readApiError(error));
      });
  };
  return (
    <div className="backup-drives" data-testid="backup-drives">
      <p>{t('backup.signInIntro')}</p>
      <div className="premium-actions">
        {drives.map((drive) => (
          <Button key={drive} variant="primary" disabled={opening !== null} onClick={() => open(drive)}>
            {opening === drive
              ? t('backup.signingIn', { drive: t(`backup.drives.${drive}`) })
              : t('backup.signInWith', { drive: t(`backup.drives.${drive}`) })}
          </Button>
        ))}
      </div>
      {failure && (
        <p role="alert" className="form-error">
          {t(`errors.${failure.code}`, { count: failure.count })}
        </p>
      )}
      <h3>{t('backup.webdavTitle')}</h3>
    </div>
  );
}

function ConnectForm({ code }: { code: string }) {
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
      {/* Above both ways of connecting: it applies to either. */}
      <SwitchField
        label={t('backup.folderPerGuest')}
        hint={t('backup.folderPerGuestHint')}
        checked={folderPerGuest}
        onCheckedChange={setFolderPerGuest}
      />
      <SignInButtons code={code} folderPerGuest={folderPerGuest} />
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
      {backup.kind === 'WEBDAV' ? (
        <p className="backup-destination">
          {t('backup.destination')} <strong>{backup.address}</strong> ({backup.username})
        </p>
      ) : (
        <>
          <p className="backup-destination" data-testid="backup-destination">
            {t('backup.destination')} <strong>{t(`backup.drives.${backup.kind}`)}</strong> ({backup.username}
            ).{' '}
            <a href={backup.address} target="_blank" rel="noreferrer">
              {t('backup.openFolder')}
            </a>
          </p>
          <p className="field-hint">{t(`backup.oauthFolders.${backup.kind}`)}</p>
        </>
      )}
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
          <p>{t(backup.kind === 'WEBDAV' ? 'backup.disconnectWarning' : 'backup.disconnectWarningOAuth')}</p>
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

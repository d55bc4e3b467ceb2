import { useId, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { RETURN_MAIL_LIMITS, type ErrorCode } from '@gallery/contracts';
import { readApiError } from '../api/apiErrors';
import { ensureGuestIdentity } from '../session/guestIdentity';
import { ASK_FOR_PHOTOS_READY_MAIL, STOP_PHOTOS_READY_MAIL } from './graphql';
import {
  browserTimeZone,
  forgetPhotosReady,
  readPhotosReady,
  savePhotosReady,
  type KeptPhotosReady,
} from './photosReadyStore';
import './returnMails.css';

/**
 * "Tell me when the photos are in": optional, one field, the consent said in words beside it. Shown to a guest
 * once they upload. What they left is kept on this device and shown back with a Stop that deletes it.
 */
export function PhotosReadyField({ code }: { code: string }) {
  const { t, i18n } = useTranslation();
  const client = useApolloClient();
  const inputId = useId();
  const consentId = useId();
  const errorId = useId();
  const [kept, setKept] = useState<KeptPhotosReady | null>(() => readPhotosReady(code));
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ code: ErrorCode; count?: number } | null>(null);
  const [stopped, setStopped] = useState(false);

  async function ask() {
    setBusy(true);
    try {
      await ensureGuestIdentity(client);
      const result = await client.mutate({
        mutation: ASK_FOR_PHOTOS_READY_MAIL,
        variables: {
          eventCode: code,
          input: { email: draft.trim(), language: i18n.language, timeZone: browserTimeZone() },
        },
      });
      const next = { email: draft.trim(), stopToken: result.data?.askForPhotosReadyMail.stopToken ?? null };
      savePhotosReady(code, next);
      setKept(next);
      setRefusal(null);
      setStopped(false);
    } catch (error) {
      const refused = readApiError(error);
      setRefusal({ code: refused.code, count: refused.count });
    } finally {
      setBusy(false);
    }
  }

  async function stop(token: string) {
    setBusy(true);
    try {
      await client.mutate({ mutation: STOP_PHOTOS_READY_MAIL, variables: { token } });
      forgetPhotosReady(code);
      setKept(null);
      setDraft('');
      setStopped(true);
      setRefusal(null);
    } catch (error) {
      const refused = readApiError(error);
      setRefusal({ code: refused.code, count: refused.count });
    } finally {
      setBusy(false);
    }
  }

  if (kept) {
    return (
      <div className="photos-ready photos-ready-kept" role="status">
        <p>{t('photosReady.kept', { email: kept.email })}</p>
        {kept.stopToken && (
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => void stop(kept.stopToken!)}
          >
            {t('photosReady.stop')}
          </button>
        )}
        {refusal && (
          <p className="photos-ready-error" role="alert">
            {t(`errors.${refusal.code}`, { count: refusal.count })}
          </p>
        )}
      </div>
    );
  }

  return (
    <form
      className="photos-ready photos-ready-form"
      onSubmit={(event) => {
        event.preventDefault();
        void ask();
      }}
    >
      <label htmlFor={inputId}>{t('photosReady.label')}</label>
      <span className="photos-ready-row">
        <input
          id={inputId}
          type="email"
          required
          value={draft}
          autoComplete="email"
          inputMode="email"
          maxLength={RETURN_MAIL_LIMITS.emailChars}
          placeholder={t('photosReady.placeholder')}
          aria-invalid={refusal !== null}
          aria-describedby={refusal ? `${consentId} ${errorId}` : consentId}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="button button-secondary" disabled={busy}>
          {t('photosReady.submit')}
        </button>
      </span>
      <small id={consentId} className="photos-ready-consent">
        {t('photosReady.consent')}
      </small>
      {refusal && (
        <span id={errorId} className="photos-ready-error" role="alert">
          {t(`errors.${refusal.code}`, { count: refusal.count })}
        </span>
      )}
      {stopped && (
        <span className="photos-ready-stopped" role="status">
          {t('photosReady.stopped')}
        </span>
      )}
    </form>
  );
}

import { useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { RETURN_MAIL_LIMITS, type ErrorCode } from '@gallery/contracts';
import { readApiError } from '../api/apiErrors';
import { STOP_PHOTOS_READY_MAIL } from './graphql';
import './returnMails.css';

/** The stop link's token, from the fragment (`#token=...`): browsers never send it, so no log holds it. */
function tokenOfLink(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  return token && token.length <= RETURN_MAIL_LIMITS.stopTokenChars ? token : null;
}

/**
 * Where the link in a guest's "photos are in" mail opens: it stops only when the guest presses the button, so a
 * mail scanner that opens links stops nothing.
 */
export function MailStopPage() {
  const { t } = useTranslation();
  const client = useApolloClient();
  const [token] = useState(tokenOfLink);
  const [state, setState] = useState<'asking' | 'busy' | 'stopped'>('asking');
  const [refusal, setRefusal] = useState<{ code: ErrorCode; count?: number } | null>(
    token ? null : { code: 'MAIL_STOP_LINK_INVALID' },
  );

  async function stop(value: string) {
    setState('busy');
    try {
      await client.mutate({ mutation: STOP_PHOTOS_READY_MAIL, variables: { token: value } });
      setRefusal(null);
      setState('stopped');
    } catch (error) {
      const refused = readApiError(error);
      setRefusal({ code: refused.code, count: refused.count });
      setState('asking');
    }
  }

  return (
    <section className="mail-stop">
      <h1>{t('mailStop.title')}</h1>
      {state === 'stopped' ? (
        <p role="status">{t('mailStop.done')}</p>
      ) : (
        <>
          <p>{t('mailStop.intro')}</p>
          {token && (
            <button
              type="button"
              className="button button-primary"
              disabled={state === 'busy'}
              onClick={() => void stop(token)}
            >
              {t('mailStop.confirm')}
            </button>
          )}
        </>
      )}
      {refusal && (
        <p className="photos-ready-error" role="alert">
          {t(`errors.${refusal.code}`, { count: refusal.count })}
        </p>
      )}
    </section>
  );
}

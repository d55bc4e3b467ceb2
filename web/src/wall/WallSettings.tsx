import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { WALL_LIMITS } from '@gallery/contracts';
import { readApiError, type ApiError } from '../api/apiErrors';
import { CopyButton } from '../ui/CopyButton';
import { CREATE_WALL_LINK, RESET_WALL_LINKS, SET_WALL_INTERVAL, WALL_SETTINGS_QUERY } from './graphql';

/**
 * The event page's slideshow section: the couple makes a wall link (to open on the venue's screen or send to
 * whoever runs it), chooses how long each photo stays, and can close every link at once.
 */
export function WallSettings({ code }: { code: string }) {
  const { t } = useTranslation();
  const { data } = useQuery(WALL_SETTINGS_QUERY, { variables: { code } });
  const [createLink, creating] = useMutation(CREATE_WALL_LINK);
  const [setInterval] = useMutation(SET_WALL_INTERVAL);
  const [resetLinks, resetting] = useMutation(RESET_WALL_LINKS);
  const [link, setLink] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [status, setStatus] = useState<'saved' | 'reset' | null>(null);
  // The couple's choice shows at once; the server's value stands until then, and again if saving fails.
  const [chosen, setChosen] = useState<number | null>(null);
  const interval = chosen ?? data?.event?.wallIntervalSeconds ?? WALL_LIMITS.defaultIntervalSeconds;

  async function attempt(action: () => Promise<unknown>) {
    setError(null);
    setStatus(null);
    try {
      await action();
      return true;
    } catch (caught) {
      setError(readApiError(caught));
      return false;
    }
  }

  return (
    <section id="wall" aria-labelledby="event-wall">
      <h2 id="event-wall">{t('wall.settingsTitle')}</h2>
      <p>{t('wall.settingsHint')}</p>
      <p className="hint">{t('wall.privateHint')}</p>
      {link ? (
        <div className="wall-link">
          <label htmlFor="wall-link">{t('wall.linkLabel')}</label>
          <input
            id="wall-link"
            type="text"
            readOnly
            value={link}
            onFocus={(event) => event.target.select()}
          />
          <div className="actions">
            <a className="button button-primary" href={link} target="_blank" rel="noopener noreferrer">
              {t('wall.open')}
            </a>
            <CopyButton value={link} label={t('wall.copyLink')} />
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="button button-primary"
          disabled={creating.loading}
          onClick={() =>
            attempt(async () => {
              const result = await createLink({ variables: { eventCode: code } });
              setLink(result.data?.createWallLink.url ?? null);
            })
          }
        >
          {creating.loading ? t('wall.opening') : t('wall.open')}
        </button>
      )}
      <label htmlFor="wall-interval">{t('wall.interval')}</label>
      <select
        id="wall-interval"
        value={interval}
        onChange={async (event) => {
          const seconds = Number(event.target.value);
          setChosen(seconds);
          const saved = await attempt(() => setInterval({ variables: { eventCode: code, seconds } }));
          if (saved) setStatus('saved');
          else setChosen(null);
        }}
      >
        {WALL_LIMITS.intervalChoicesSeconds.map((seconds) => (
          <option key={seconds} value={seconds}>
            {t('wall.seconds', { count: seconds })}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button button-secondary"
        disabled={resetting.loading}
        onClick={() =>
          attempt(async () => {
            await resetLinks({ variables: { eventCode: code } });
            setLink(null);
            setStatus('reset');
          })
        }
      >
        {t('wall.reset')}
      </button>
      <p role="status">
        {status === 'reset'
          ? t('wall.resetDone')
          : status === 'saved'
            ? t('wall.saved', { count: interval })
            : ''}
      </p>
      {error && <p role="alert">{t(`errors.${error.code}`, { count: error.count })}</p>}
    </section>
  );
}

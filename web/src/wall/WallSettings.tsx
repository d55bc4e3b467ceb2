import './wallSettings.css';
import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { WALL_LIMITS } from '@gallery/contracts';
import { readApiError, type ApiError } from '../api/apiErrors';
import { Button, buttonClass } from '../ui/Button';
import { CopyButton } from '../ui/CopyButton';
import { SelectField, TextField } from '../ui/Field';
import { PageSection } from '../ui/Section';
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
    <PageSection id="wall" title={t('wall.settingsTitle')} intro={t('wall.settingsHint')}>
      <p className="field-hint">{t('wall.privateHint')}</p>
      {link ? (
        <>
          <TextField
            id="wall-link"
            label={t('wall.linkLabel')}
            readOnly
            value={link}
            onFocus={(event) => event.target.select()}
            onValueChange={() => undefined}
          />
          <div className="button-row wall-actions">
            <a
              className={buttonClass({ variant: 'primary' })}
              href={link}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('wall.open')}
            </a>
            <CopyButton value={link} label={t('wall.copyLink')} />
          </div>
          <p className="field-hint wall-highlights-hint">{t('wall.highlightsHint')}</p>
          <div className="button-row wall-actions">
            <a
              className={buttonClass({ variant: 'secondary' })}
              href={`${link}&mode=highlights`}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="wall-highlights"
            >
              {t('wall.openHighlights')}
            </a>
            <CopyButton value={`${link}&mode=highlights`} label={t('wall.copyHighlightsLink')} />
          </div>
        </>
      ) : (
        <div className="button-row wall-actions">
          <Button
            variant="primary"
            disabled={creating.loading}
            onClick={() =>
              attempt(async () => {
                const result = await createLink({ variables: { eventCode: code } });
                setLink(result.data?.createWallLink.url ?? null);
              })
            }
          >
            {creating.loading ? t('wall.opening') : t('wall.open')}
          </Button>
        </div>
      )}
      <SelectField
        id="wall-interval"
        label={t('wall.interval')}
        value={String(interval)}
        options={WALL_LIMITS.intervalChoicesSeconds.map((seconds) => ({
          value: String(seconds),
          label: t('wall.seconds', { count: seconds }),
        }))}
        onValueChange={async (value) => {
          const seconds = Number(value);
          setChosen(seconds);
          const saved = await attempt(() => setInterval({ variables: { eventCode: code, seconds } }));
          if (saved) setStatus('saved');
          else setChosen(null);
        }}
      />
      <div className="button-row">
        <Button
          variant="secondary"
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
        </Button>
      </div>
      <div role="status">
        {status && (
          <p className="form-success">
            {status === 'reset' ? t('wall.resetDone') : t('wall.saved', { count: interval })}
          </p>
        )}
      </div>
      {error && (
        <p className="form-error" role="alert">
          {t(`errors.${error.code}`, { count: error.count })}
        </p>
      )}
    </PageSection>
  );
}

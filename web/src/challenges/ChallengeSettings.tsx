import './challenges.css';
import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import {
  CHALLENGE_LIMITS,
  CHALLENGE_PROMPT_REFUSALS,
  CHALLENGE_SUGGESTIONS,
  challengePromptProblem,
  type ErrorCode,
} from '@gallery/contracts';
import { readApiError, type ApiError } from '../api/apiErrors';
import { useLanguage } from '../i18n/useLanguage';
import { Button } from '../ui/Button';
import { TextField } from '../ui/Field';
import { PageSection } from '../ui/Section';
import { CHALLENGE_PROMPTS_QUERY, SET_CHALLENGES } from './graphql';

interface Row {
  /** The challenge's id once saved; null for a new one. */
  id: string | null;
  prompt: string;
  /** Stable across edits, for React and the field's id. */
  key: number;
}

let lastKey = 0;
const row = (id: string | null, prompt: string): Row => ({ id, prompt, key: ++lastKey });

/** The refusal of a prompt as typed, with the server's code and count, or null. */
function refusalOf(prompt: string): { code: ErrorCode; count?: number } | null {
  const problem = challengePromptProblem(prompt);
  if (!problem) return null;
  return {
    code: CHALLENGE_PROMPT_REFUSALS[problem],
    count: problem === 'tooLong' ? CHALLENGE_LIMITS.promptChars : undefined,
  };
}

/**
 * The event page's photo challenges: the couple writes up to 30 prompts (80 characters each) or adds
 * suggestions in the page's language, and saves the whole list. Guests see them in the gallery at once.
 */
export function ChallengeSettings({ code }: { code: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data } = useQuery(CHALLENGE_PROMPTS_QUERY, { variables: { code } });
  const [save, saving] = useMutation(SET_CHALLENGES);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [error, setError] = useState<(ApiError & { index?: number }) | null>(null);
  const [saved, setSaved] = useState(false);
  const loaded = data?.event?.challengePrompts;
  useEffect(() => {
    if (loaded && rows === null) setRows(loaded.map((challenge) => row(challenge.id, challenge.prompt)));
  }, [loaded, rows]);
  const list = rows ?? [];
  const full = list.length >= CHALLENGE_LIMITS.promptsPerGallery;
  const present = new Set(list.map((item) => item.prompt.trim()));
  const suggestions = CHALLENGE_SUGGESTIONS[language].filter((prompt) => !present.has(prompt));

  const change = (next: Row[]) => {
    setRows(next);
    setSaved(false);
    setError(null);
  };

  async function submit() {
    const refusedAt = list.findIndex((item) => refusalOf(item.prompt));
    if (refusedAt >= 0) {
      const refusal = refusalOf(list[refusedAt].prompt)!;
      setError({ ...refusal, extensions: {}, index: refusedAt });
      return;
    }
    try {
      const result = await save({
        variables: {
          eventCode: code,
          challenges: list.map((item) => ({ id: item.id, prompt: item.prompt })),
        },
      });
      const kept = result.data?.setChallenges ?? [];
      setRows(kept.map((challenge) => row(challenge.id, challenge.prompt)));
      setSaved(true);
    } catch (caught) {
      const apiError = readApiError(caught);
      const index = typeof apiError.extensions.index === 'number' ? apiError.extensions.index : undefined;
      setError({ ...apiError, index });
    }
  }

  const message = error && t(`errors.${error.code}`, { count: error.count });
  return (
    <PageSection id="challenges" title={t('challenges.settingsTitle')} intro={t('challenges.settingsHint')}>
      {list.length === 0 && <p className="field-hint">{t('challenges.noneYet')}</p>}
      <ol className="challenge-rows">
        {list.map((item, index) => (
          <li key={item.key} className="challenge-row">
            <TextField
              id={`challenge-${item.key}`}
              label={t('challenges.promptLabel', { number: index + 1 })}
              value={item.prompt}
              maxLength={CHALLENGE_LIMITS.promptChars * 2}
              error={error?.index === index ? message : undefined}
              onValueChange={(prompt) =>
                change(list.map((other) => (other.key === item.key ? { ...other, prompt } : other)))
              }
            />
            <Button
              variant="secondary"
              aria-label={t('challenges.removeLabel', { number: index + 1 })}
              onClick={() => change(list.filter((other) => other.key !== item.key))}
            >
              {t('challenges.remove')}
            </Button>
          </li>
        ))}
      </ol>
      <div className="button-row">
        <Button variant="secondary" disabled={full} onClick={() => change([...list, row(null, '')])}>
          {t('challenges.add')}
        </Button>
      </div>
      {full && (
        <p className="field-hint">{t('challenges.full', { count: CHALLENGE_LIMITS.promptsPerGallery })}</p>
      )}
      {suggestions.length > 0 && !full && (
        <details className="challenge-suggestions">
          <summary>{t('challenges.suggestions')}</summary>
          <ul>
            {suggestions.map((prompt) => (
              <li key={prompt}>
                <button
                  type="button"
                  className="button button-secondary challenge-suggestion"
                  aria-label={t('challenges.addSuggestion', { prompt })}
                  onClick={() => change([...list, row(null, prompt)])}
                >
                  + {prompt}
                </button>
              </li>
            ))}
          </ul>
        </details>
      )}
      <div className="button-row">
        <Button variant="primary" disabled={saving.loading || rows === null} onClick={() => void submit()}>
          {saving.loading ? t('challenges.saving') : t('challenges.save')}
        </Button>
      </div>
      <div role="status">{saved && <p className="form-success">{t('challenges.saved')}</p>}</div>
      {error && error.index === undefined && (
        <p className="form-error" role="alert">
          {message}
        </p>
      )}
    </PageSection>
  );
}

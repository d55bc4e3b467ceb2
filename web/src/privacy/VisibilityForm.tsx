import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { formatLastDay } from '../i18n/formatDate';
import { SaveStatusText } from '../ui/SaveStatusText';
import { useSaveStatus } from '../ui/useSaveStatus';
import { TextField } from '../ui/Field';
import { SET_PRIVACY, privacyInput, type PhotoVisibility, type PrivacySettings } from './graphql';
import { fromLocalInput, toLocalInput } from './localTime';
import './visibility.css';

const CHOICES: readonly PhotoVisibility[] = ['EVERYONE', 'OWN', 'REVEAL'];

/**
 * Who sees which photos, on the event page: everyone sees every photo, a drop box (guests see only their own),
 * or a reveal at a time the couple picks. A choice saves at once, a reveal when its time is given (the field left),
 * with the rest of the settings as they are now (`settings`, kept current by the cache); the server refuses a reveal time missing, past or after the gallery ends.
 */
export function VisibilityForm({
  code,
  settings,
  expiresAt,
}: {
  code: string;
  settings: PrivacySettings;
  expiresAt: string;
}) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<PhotoVisibility>(settings.visibility ?? 'EVERYONE');
  const [revealAt, setRevealAt] = useState(toLocalInput(settings.revealAt ?? null));
  const [save] = useMutation(SET_PRIVACY);
  const status = useSaveStatus();

  /** Sends a choice with the rest of the settings as they are; a reveal only once it has its time. */
  function send(chosen: PhotoVisibility, revealInput: string) {
    const reveal = chosen === 'REVEAL' ? fromLocalInput(revealInput) : null;
    if (chosen === 'REVEAL' && !reveal) return;
    void status.save(() =>
      save({
        variables: { code, settings: privacyInput(settings, { visibility: chosen, revealAt: reveal }) },
      }),
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    send(choice, revealAt);
  }

  const failure = status.failure;
  const revealError = failure?.code.startsWith('REVEAL_') ? t(`errors.${failure.code}`) : undefined;
  const hintId = (value: PhotoVisibility) => `visibility-${value.toLowerCase()}-hint`;
  return (
    <form className="privacy-form visibility-form" onSubmit={submit} noValidate data-testid="visibility-form">
      <fieldset className="visibility-choices">
        <legend>{t('privacy.visibility')}</legend>
        {CHOICES.map((value) => (
          <label key={value} className="visibility-choice">
            <input
              type="radio"
              name="visibility"
              value={value}
              checked={choice === value}
              onChange={() => {
                setChoice(value);
                send(value, revealAt);
              }}
              aria-describedby={hintId(value)}
            />
            <span>
              <span className="visibility-choice-label">{t(`privacy.visibilityChoices.${value}`)}</span>
              <span className="field-hint" id={hintId(value)}>
                {t(`privacy.visibilityHints.${value}`)}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {choice === 'REVEAL' && (
        <TextField
          type="datetime-local"
          label={t('privacy.revealAt')}
          hint={t('privacy.revealAtHint', { date: formatLastDay(expiresAt) })}
          value={revealAt}
          onValueChange={setRevealAt}
          onBlur={() => send('REVEAL', revealAt)}
          name="revealAt"
          error={revealError}
        />
      )}
      <SaveStatusText state={status.state} testId="visibility-status" />
      {failure && !revealError && (
        <p className="form-error" role="alert">
          {t(`errors.${failure.code}`, { count: failure.count })}
        </p>
      )}
    </form>
  );
}

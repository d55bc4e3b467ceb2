import { memo, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  demoText,
  GUESTBOOK_LIMITS,
  guestbookMessageProblem,
  GUESTBOOK_MESSAGE_REFUSALS,
  isDemoGallery,
} from '@gallery/contracts';
import { readApiError, retryAfterMs, type ApiError } from '../api/apiErrors';
import { readGuestName } from '../session/guestName';
import { useLanguage } from '../i18n/useLanguage';
import { BusyNotice } from '../ui/BusyNotice';
import { useGuestbook } from './useGuestbook';
import './guestbook.css';

/**
 * The gallery's guestbook: a form to leave a wish (with the name the guest gave for their photos) and the
 * messages, newest first, arriving live. A message is plain text: React renders it as text, so markup in it
 * shows as typed (the demo gallery's own messages in the visitor's language). The couple sees a Remove button on each. While the couple asks for approval, the guest's own
 * message shows to them marked as waiting, and to everyone else once approved. Memoized: a photo joining the
 * gallery's grid does not render it again.
 */
export const GuestbookSection = memo(function GuestbookSection({
  code,
  isOwner,
}: {
  code: string;
  isOwner: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const demo = isDemoGallery(code);
  const { messages, leave, remove, hasOlder, loadingOlder, loadOlder } = useGuestbook(code);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<{ code: string; count?: number } | null>(null);
  /** When the guest may send again after sending too fast (ms since the epoch). */
  const [busyUntil, setBusyUntil] = useState<number | null>(null);
  const fieldId = useId();
  const errorId = useId();
  const length = Array.from(text).length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = guestbookMessageProblem(text);
    if (problem) {
      setRefusal(GUESTBOOK_MESSAGE_REFUSALS[problem]);
      return;
    }
    setSending(true);
    setRefusal(null);
    setBusyUntil(null);
    try {
      await leave(text, readGuestName());
      setText('');
    } catch (error) {
      const failure: ApiError = readApiError(error);
      // Sent too fast: the message is kept, to send again after the wait; nothing is wrong with it.
      const wait = retryAfterMs(failure);
      if (wait === null) setRefusal({ code: failure.code, count: failure.count });
      else setBusyUntil(Date.now() + wait);
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="guestbook" aria-labelledby="guestbook-title" data-testid="guestbook">
      <h2 id="guestbook-title">{t('guestbook.title')}</h2>
      <form className="guestbook-form" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={fieldId}>{t('guestbook.label')}</label>
        <textarea
          id={fieldId}
          value={text}
          rows={3}
          placeholder={t('guestbook.placeholder')}
          aria-invalid={refusal ? true : undefined}
          aria-describedby={refusal ? errorId : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="guestbook-form-row">
          <span className="guestbook-count" aria-live="polite">
            {t('guestbook.charactersLeft', { count: Math.max(0, GUESTBOOK_LIMITS.messageChars - length) })}
          </span>
          {/* Secondary: the gallery page has one primary action, Upload Photos, on its landing. */}
          <button type="submit" className="button button-secondary" disabled={sending}>
            {t('guestbook.send')}
          </button>
        </div>
        {refusal && (
          <p id={errorId} className="field-error" role="alert">
            {t(`errors.${refusal.code}`, { count: refusal.count })}
          </p>
        )}
        {busyUntil !== null && (
          <BusyNotice
            until={busyUntil}
            text={(count) => t('common.busyTryAgain', { count })}
            testId="guestbook-busy"
          />
        )}
      </form>
      {messages.length === 0 ? (
        <p className="guestbook-empty">{t('guestbook.empty')}</p>
      ) : (
        <ul className="guestbook-messages">
          {messages.map((message) => (
            <li
              key={message.id}
              className={
                message.awaitingApproval ? 'guestbook-message guestbook-message-waiting' : 'guestbook-message'
              }
              data-testid="guestbook-message"
            >
              {message.awaitingApproval && (
                <p className="guestbook-waiting" data-testid="guestbook-waiting">
                  {t('guestbook.waiting')}
                </p>
              )}
              <p className="guestbook-text">
                {(demo && demoText(language, { guestbookMessage: message.id })) || message.text}
              </p>
              <p className="guestbook-by">
                {message.guestName
                  ? t('guestName.by', { name: message.guestName })
                  : t('guestbook.anonymous')}
              </p>
              {isOwner && (
                <button
                  type="button"
                  className="button button-secondary guestbook-remove"
                  onClick={() => void remove(message.id).catch(() => undefined)}
                >
                  {t('guestbook.remove')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {hasOlder && (
        <button
          type="button"
          className="button button-secondary guestbook-older"
          disabled={loadingOlder}
          aria-busy={loadingOlder}
          onClick={() => void loadOlder().catch(() => undefined)}
        >
          {loadingOlder ? t('guestbook.loadingOlder') : t('guestbook.older')}
        </button>
      )}
    </section>
  );
});

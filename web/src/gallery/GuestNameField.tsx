import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_GUEST_NAME_CHARS, type ErrorCode } from '@gallery/contracts';
import { readGuestName, saveGuestName } from '../session/guestName';
import './GuestNameField.css';

/**
 * The guest's name, given once (optional) and remembered on this device: it travels with each photo they upload,
 * shows in the viewer ("by Anna") and names their folder when the owner downloads by guest. A full-size field
 * (16 px text, so phones do not zoom in; 44 px tall) with a full-size Save beside it; Enter saves too.
 */
export function GuestNameField() {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const [name, setName] = useState(readGuestName);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [refusal, setRefusal] = useState<{ code: ErrorCode; count?: number } | null>(null);

  if (name && !editing) {
    return (
      <p className="guest-name guest-name-saved">
        <span>{t('guestName.uploadingAs', { name })}</span>
        <button
          type="button"
          className="guest-name-change"
          onClick={() => {
            setDraft(name);
            setEditing(true);
          }}
        >
          {t('guestName.change')}
        </button>
      </p>
    );
  }

  return (
    <form
      className="guest-name guest-name-form"
      onSubmit={(event) => {
        event.preventDefault();
        const result = saveGuestName(draft);
        if ('refused' in result) {
          setRefusal({ code: result.refused, count: result.count });
          return;
        }
        setRefusal(null);
        setName(result.saved);
        setEditing(false);
      }}
    >
      <label htmlFor={inputId}>{t('guestName.label')}</label>
      <span className="guest-name-row">
        <input
          id={inputId}
          type="text"
          value={draft}
          autoComplete="given-name"
          maxLength={MAX_GUEST_NAME_CHARS * 2}
          placeholder={t('guestName.placeholder')}
          aria-invalid={refusal !== null}
          aria-describedby={refusal ? errorId : undefined}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="button button-secondary guest-name-save">
          {t('guestName.save')}
        </button>
      </span>
      {refusal && (
        <span id={errorId} className="guest-name-error" role="alert">
          {t(`errors.${refusal.code}`, { count: refusal.count })}
        </span>
      )}
    </form>
  );
}

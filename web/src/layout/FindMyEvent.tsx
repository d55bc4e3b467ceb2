import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EVENT_CODE_MAX_LENGTH, formatEventCodeInput, normalizeEventCode } from '@gallery/contracts';
import { Button, buttonClass } from '../ui/Button';
import { TextField } from '../ui/Field';

/** The header's "Find My Event" button and its small dialog asking for a gallery code. */
export function FindMyEvent() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dialogId = useId();
  const titleId = useId();
  const inputId = useId();

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    return () => document.removeEventListener('pointerdown', closeOnOutsideClick);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <div className="find-event" ref={wrapperRef}>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClass({ variant: 'ghost' })}
        aria-expanded={open}
        aria-controls={open ? dialogId : undefined}
        aria-haspopup="dialog"
        onClick={() => setOpen((value) => !value)}
      >
        {t('findEvent.button')}
      </button>
      {open && (
        <div
          id={dialogId}
          role="dialog"
          aria-labelledby={titleId}
          className="popover"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close();
            }
          }}
        >
          <form
            onSubmit={(event) => {
              event.preventDefault();
              const normalized = normalizeEventCode(code);
              if (!normalized) return;
              setOpen(false);
              setCode('');
              navigate(`/live-gallery?code=${encodeURIComponent(normalized)}`);
            }}
          >
            <h2 id={titleId} className="popover-title">
              {t('findEvent.title')}
            </h2>
            <TextField
              id={inputId}
              label={t('findEvent.label')}
              hint={t('findEvent.hint')}
              className="code-field"
              type="text"
              value={code}
              maxLength={EVENT_CODE_MAX_LENGTH * 2}
              placeholder={t('findEvent.placeholder')}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              autoFocus
              onValueChange={(value) => setCode(formatEventCodeInput(value))}
            />
            <Button type="submit" variant="primary" block disabled={normalizeEventCode(code) === ''}>
              {t('findEvent.submit')}
            </Button>
          </form>
        </div>
      )}
    </div>
  );
}

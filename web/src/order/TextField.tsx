import type { HTMLInputTypeAttribute, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import './TextField.css';

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  /** The message key to show under the field. */
  error?: string;
  /** The values the message is filled with ({{count}} of "at most {{count}} characters"). */
  errorValues?: Record<string, unknown>;
  /** A word of advice under the field that is not an error (a past wedding date, say). */
  hint?: string;
  maxLength?: number;
  type?: HTMLInputTypeAttribute;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'email' | 'tel';
  max?: string;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/** A labelled input whose message is announced and tied to it. */
export function TextField({
  id,
  label,
  value,
  error,
  errorValues,
  hint,
  type = 'text',
  inputRef,
  onChange,
  ...rest
}: TextFieldProps) {
  const { t } = useTranslation();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={error ? 'field has-error' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        ref={inputRef}
        type={type}
        value={value}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(event.target.value)}
        {...rest}
      />
      {hint && (
        <p id={hintId} className="field-hint" data-testid={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {t(error, errorValues)}
        </p>
      )}
    </div>
  );
}

import type { HTMLInputTypeAttribute, Ref } from 'react';
import { useTranslation } from 'react-i18next';

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  /** The message key to show under the field. */
  error?: string;
  /** The values the message is filled with ({{count}} of "at most {{count}} characters"). */
  errorValues?: Record<string, unknown>;
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
  type = 'text',
  inputRef,
  onChange,
  ...rest
}: TextFieldProps) {
  const { t } = useTranslation();
  const errorId = `${id}-error`;
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
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
        {...rest}
      />
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {t(error, errorValues)}
        </p>
      )}
    </div>
  );
}

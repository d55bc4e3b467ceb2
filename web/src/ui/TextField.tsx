import type { HTMLInputTypeAttribute, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField as UiTextField } from './Field';

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

/** A required field of the order forms, its message given as a key of the shared messages. */
export function TextField({ error, errorValues, type = 'text', onChange, ...rest }: TextFieldProps) {
  const { t } = useTranslation();
  return (
    <UiTextField
      type={type}
      required
      error={error && t(error, errorValues)}
      onValueChange={onChange}
      {...rest}
    />
  );
}

import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';

interface FieldText {
  label: ReactNode;
  /** A line under the field saying what to type. */
  hint?: ReactNode;
  /** The message under the field when its value is refused (already translated). */
  error?: ReactNode;
}

/** The ids a field's input points to with aria-describedby: its hint, then its error. */
function describedBy(hintId: string, errorId: string, { hint, error }: FieldText): string | undefined {
  return [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
}

function FieldNotes({ hintId, errorId, hint, error }: FieldText & { hintId: string; errorId: string }) {
  return (
    <>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

type TextFieldProps = FieldText &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & {
    onValueChange: (value: string) => void;
    inputRef?: Ref<HTMLInputElement>;
  };

/** A labelled text, email, date or number input with its hint and error tied to it; 16 px text, 44 px tall. */
export function TextField({
  label,
  hint,
  error,
  id,
  className,
  onValueChange,
  inputRef,
  ...input
}: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className={`field${error ? ' has-error' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        ref={inputRef}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, errorId, { label, hint, error })}
        onChange={(change) => onValueChange(change.target.value)}
        {...input}
      />
      <FieldNotes hintId={hintId} errorId={errorId} label={label} hint={hint} error={error} />
    </div>
  );
}

type SelectFieldProps = FieldText &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange'> & {
    options: ReadonlyArray<{ value: string; label: string }>;
    onValueChange: (value: string) => void;
  };

/** A labelled drop-down list. */
export function SelectField({
  label,
  hint,
  error,
  id,
  className,
  options,
  onValueChange,
  ...select
}: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const hintId = `${selectId}-hint`;
  const errorId = `${selectId}-error`;
  return (
    <div className={`field${error ? ' has-error' : ''}${className ? ` ${className}` : ''}`}>
      <label className="field-label" htmlFor={selectId}>
        {label}
      </label>
      <select
        id={selectId}
        className="select"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hintId, errorId, { label, hint, error })}
        onChange={(change) => onValueChange(change.target.value)}
        {...select}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldNotes hintId={hintId} errorId={errorId} label={label} hint={hint} error={error} />
    </div>
  );
}

type CheckFieldProps = FieldText &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'type'> & {
    checked: boolean;
    onCheckedChange: (checked: boolean) => void;
  };

function CheckField({ label, hint, error, id, className, onCheckedChange, role, ...input }: CheckFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <div className={`field${error ? ' has-error' : ''}${className ? ` ${className}` : ''}`}>
      <label className={`check-field${role === 'switch' ? ' switch-field' : ''}`} htmlFor={inputId}>
        <input
          id={inputId}
          type="checkbox"
          role={role}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(hintId, errorId, { label, hint, error })}
          onChange={(change) => onCheckedChange(change.target.checked)}
          {...input}
        />
        <span className="check-field-text">
          <span>{label}</span>
          {hint && (
            <span id={hintId} className="field-hint">
              {hint}
            </span>
          )}
        </span>
      </label>
      <FieldNotes hintId={hintId} errorId={errorId} label={label} error={error} />
    </div>
  );
}

/** A labelled checkbox; the whole row is its touch target. */
export function CheckboxField(props: CheckFieldProps) {
  return <CheckField {...props} />;
}

/** An on/off setting that takes effect at once: a checkbox with the switch role, drawn as a switch. */
export function SwitchField(props: CheckFieldProps) {
  return <CheckField {...props} role="switch" />;
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_FIELD_MAX_LENGTH, orderMessageValues, validateOrderForm } from '@gallery/contracts';
import { latestWeddingDate } from '../order/orderForm';
import { TextField } from '../ui/TextField';
import { Button } from '../ui/Button';
import { SaveStatusText } from '../ui/SaveStatusText';
import type { SaveState } from '../ui/useSaveStatus';
import type { EventDetails } from './graphql';

export type DetailsErrors = Partial<Record<keyof EventDetails, string>>;
const FIELDS = ['coupleNames', 'weddingDate', 'location'] as const;

/** The order form's rules and messages for the three details the owner may edit. */
export function detailsErrors(details: EventDetails, today = new Date()): DetailsErrors {
  // Contact fields valid by construction: only the wedding's details are judged here.
  const all = validateOrderForm(
    { ...details, email: 'owner@example.com', phone: '0000000000', plan: 'free' },
    today,
  );
  const errors: DetailsErrors = {};
  for (const field of FIELDS) if (all[field]) errors[field] = all[field];
  return errors;
}

const LABELS = {
  coupleNames: { label: 'order.coupleNames', placeholder: 'order.coupleNamesPlaceholder', type: 'text' },
  weddingDate: { label: 'order.weddingDate', placeholder: undefined, type: 'date' },
  location: { label: 'order.location', placeholder: 'order.locationPlaceholder', type: 'text' },
} as const;

type SubmitMode = {
  /** The order's way: checked and sent together with the button. */
  submitLabel: string;
  busy: boolean;
  onSubmit: (details: EventDetails) => void;
  onSave?: never;
  status?: never;
};

type SaveMode = {
  /** The event page's way: a changed field is saved when the couple leaves it (or presses Enter). */
  onSave: (details: EventDetails) => void;
  status: SaveState;
  submitLabel?: never;
  busy?: never;
  onSubmit?: never;
};

/**
 * Name, date and location of a gallery, checked in the browser by the same rules the server applies: sent with a
 * button when ordering, saved as each is changed on the event page.
 */
export function EventDetailsForm({
  initial,
  serverErrors,
  children,
  ...mode
}: {
  initial: EventDetails;
  serverErrors?: DetailsErrors;
  children?: React.ReactNode;
} & (SubmitMode | SaveMode)) {
  const { t } = useTranslation();
  const [details, setDetails] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [errors, setErrors] = useState<DetailsErrors>({});
  const shown = { ...serverErrors, ...errors };

  /** The details as they would be sent, or null when the browser already refuses them. */
  const checked = (): EventDetails | null => {
    const trimmed = {
      coupleNames: details.coupleNames.trim(),
      weddingDate: details.weddingDate.trim(),
      location: details.location.trim(),
    };
    const found = detailsErrors(trimmed);
    setErrors(found);
    return Object.keys(found).length === 0 ? trimmed : null;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = checked();
    if (!trimmed) return;
    if (mode.onSubmit) return mode.onSubmit(trimmed);
    saveIfChanged(trimmed);
  };

  const saveIfChanged = (trimmed: EventDetails) => {
    if (FIELDS.every((field) => trimmed[field] === saved[field])) return;
    setSaved(trimmed);
    mode.onSave?.(trimmed);
  };

  return (
    <form className="event-details-form" onSubmit={submit} noValidate>
      {FIELDS.map((field) => (
        <TextField
          key={field}
          id={`event-${field}`}
          label={t(LABELS[field].label)}
          type={LABELS[field].type}
          placeholder={LABELS[field].placeholder && t(LABELS[field].placeholder)}
          value={details[field]}
          maxLength={ORDER_FIELD_MAX_LENGTH[field]}
          max={field === 'weddingDate' ? latestWeddingDate(new Date()) : undefined}
          error={shown[field]}
          errorValues={orderMessageValues(field)}
          onChange={(value) => setDetails((current) => ({ ...current, [field]: value }))}
          onBlur={() => {
            if (!mode.onSave) return;
            const trimmed = checked();
            if (trimmed) saveIfChanged(trimmed);
          }}
        />
      ))}
      {children}
      {mode.onSave ? (
        <SaveStatusText state={mode.status} testId="details-status" />
      ) : (
        <Button type="submit" variant="primary" disabled={mode.busy}>
          {mode.submitLabel}
        </Button>
      )}
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_FIELD_MAX_LENGTH, orderMessageValues, validateOrderForm } from '@gallery/contracts';
import { latestWeddingDate } from '../order/orderForm';
import { TextField } from '../order/TextField';
import { Button } from '../ui/Button';
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

/** Name, date and location of a gallery, checked in the browser by the same rules the server applies. */
export function EventDetailsForm({
  initial,
  submitLabel,
  busy,
  serverErrors,
  onSubmit,
  children,
}: {
  initial: EventDetails;
  submitLabel: string;
  busy: boolean;
  serverErrors?: DetailsErrors;
  onSubmit: (details: EventDetails) => void;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const [details, setDetails] = useState(initial);
  const [errors, setErrors] = useState<DetailsErrors>({});
  const shown = { ...serverErrors, ...errors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = {
      coupleNames: details.coupleNames.trim(),
      weddingDate: details.weddingDate.trim(),
      location: details.location.trim(),
    };
    const found = detailsErrors(trimmed);
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(trimmed);
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
          onBlur={() => undefined}
        />
      ))}
      {children}
      <Button type="submit" variant="primary" disabled={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}

import '../plans/plans.css';
import './order.css';
import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import {
  ORDER_FIELD_MAX_LENGTH,
  orderMessageValues,
  PLAN_IDS,
  validateOrderForm,
  type OrderField,
  type OrderForm as Form,
  type PlanId,
} from '@gallery/contracts';
import { readApiError, type ApiError } from '../api/apiErrors';
import { isLanguage } from '../i18n/languages';
import { CREATE_GALLERY, type CreatedGallery } from './graphql';
import {
  emptyOrderForm,
  fieldErrorsFromServer,
  firstInvalidField,
  isPastWeddingDate,
  latestWeddingDate,
  toCreateGalleryInput,
  type FieldErrors,
} from './orderForm';
import { PackageOption } from './PackageOption';
import { TextField } from '../ui/TextField';

type TextFieldName = Exclude<OrderField, 'plan'>;

const TEXT_FIELDS: Record<
  TextFieldName,
  { label: string; type?: string; placeholder?: string; autoComplete?: string; inputMode?: 'email' | 'tel' }
> = {
  coupleNames: {
    label: 'order.coupleNames',
    placeholder: 'order.coupleNamesPlaceholder',
    autoComplete: 'off',
  },
  weddingDate: { label: 'order.weddingDate', type: 'date' },
  location: { label: 'order.location', placeholder: 'order.locationPlaceholder', autoComplete: 'off' },
  email: {
    label: 'order.email',
    type: 'email',
    placeholder: 'order.emailPlaceholder',
    autoComplete: 'email',
    inputMode: 'email',
  },
  phone: {
    label: 'order.phone',
    type: 'tel',
    placeholder: 'order.phonePlaceholder',
    autoComplete: 'tel',
    inputMode: 'tel',
  },
};

export function OrderForm({
  initialPlan,
  onCreated,
}: {
  initialPlan: PlanId;
  onCreated: (created: CreatedGallery, plan: PlanId) => void;
}) {
  const { t, i18n } = useTranslation();
  const [form, setForm] = useState<Form>(() => emptyOrderForm(initialPlan));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<ApiError | null>(null);
  const [createGallery, { loading }] = useMutation(CREATE_GALLERY);
  const inputs = useRef<Partial<Record<OrderField, HTMLInputElement | null>>>({});

  const update = <F extends OrderField>(field: F, value: Form[F]) => {
    const next = { ...form, [field]: value };
    setForm(next);
    if (errors[field]) setErrors((current) => ({ ...current, [field]: validateOrderForm(next)[field] }));
  };

  const validateField = (field: OrderField) =>
    setErrors((current) => ({ ...current, [field]: validateOrderForm(form)[field] }));

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const first = firstInvalidField(found);
    if (first) inputs.current[first]?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    setFormError(null);
    const found = validateOrderForm(form);
    if (firstInvalidField(found)) {
      showErrors(found);
      return;
    }
    try {
      const input = {
        ...toCreateGalleryInput(form),
        language: isLanguage(i18n.language) ? i18n.language : undefined,
      };
      const result = await createGallery({ variables: { input } });
      if (result.data) onCreated(result.data.createGallery, form.plan);
    } catch (error) {
      const apiError = readApiError(error);
      const fieldErrors = fieldErrorsFromServer(apiError.fields);
      if (apiError.code === 'VALIDATION_FAILED' && firstInvalidField(fieldErrors)) showErrors(fieldErrors);
      setFormError(apiError);
    }
  };

  const textField = (field: TextFieldName) => {
    const config = TEXT_FIELDS[field];
    return (
      <TextField
        id={`order-${field}`}
        label={t(config.label)}
        type={config.type}
        placeholder={config.placeholder ? t(config.placeholder) : undefined}
        autoComplete={config.autoComplete}
        inputMode={config.inputMode}
        max={field === 'weddingDate' ? latestWeddingDate(new Date()) : undefined}
        hint={
          field === 'weddingDate' && isPastWeddingDate(form.weddingDate, new Date())
            ? t('storage.pastWeddingDate')
            : undefined
        }
        maxLength={ORDER_FIELD_MAX_LENGTH[field]}
        value={form[field]}
        error={errors[field]}
        errorValues={orderMessageValues(field)}
        inputRef={(input) => {
          inputs.current[field] = input;
        }}
        onChange={(value) => update(field, value)}
        onBlur={() => validateField(field)}
      />
    );
  };

  return (
    <form className="order-form" noValidate onSubmit={submit} aria-busy={loading}>
      <section className="form-section" aria-labelledby="wedding-details">
        <h2 id="wedding-details">{t('order.weddingDetails')}</h2>
        {textField('coupleNames')}
        {textField('weddingDate')}
        {textField('location')}
      </section>

      <section className="form-section" aria-labelledby="contact-information">
        <h2 id="contact-information">{t('order.contactInformation')}</h2>
        {textField('email')}
        {textField('phone')}
      </section>

      <section className="form-section" aria-labelledby="package-selection">
        <h2 id="package-selection">{t('order.packageSelection')}</h2>
        <div
          className="package-grid"
          role="radiogroup"
          aria-labelledby="package-selection"
          aria-describedby={errors.plan ? 'order-plan-error' : undefined}
        >
          {PLAN_IDS.map((plan) => (
            <PackageOption
              key={plan}
              plan={plan}
              checked={form.plan === plan}
              onSelect={(value) => update('plan', value)}
              onBlur={() => validateField('plan')}
              inputRef={(input) => {
                if (plan === PLAN_IDS[0]) inputs.current.plan = input;
              }}
            />
          ))}
        </div>
        {errors.plan && (
          <p id="order-plan-error" className="field-error" role="alert">
            {t(errors.plan)}
          </p>
        )}
      </section>

      {formError && (
        <p className="form-error" role="alert">
          {t(`errors.${formError.code}`, { count: formError.count })}
        </p>
      )}

      <div className="form-actions">
        <button type="submit" className="button button-primary button-large" disabled={loading}>
          {t('order.submit')}
        </button>
        {loading && (
          <p className="hint" role="status">
            {t('order.submitting')}
          </p>
        )}
      </div>
    </form>
  );
}

import './pages.css';
import { useId, useState, type FormEvent } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '../api/gql';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import {
  CONTACT_FIELD_MAX_LENGTH,
  DEFAULT_CONTACT_EMAIL,
  contactMessageValues,
  validateContactForm,
  type ContactField,
  type ContactForm as Form,
  type ContactFormErrors,
} from '@gallery/contracts';
import { readApiError, type ApiError } from '../api/apiErrors';
import { useLanguage } from '../i18n/useLanguage';
import { TextField } from '../ui/TextField';
import { useAppState } from '../state/AppStateProvider';

const SEND_CONTACT_MESSAGE: TypedDocumentNode<
  { sendContactMessage: boolean },
  { input: Form & { language: string } }
> = gql`
  mutation SendContactMessage($input: ContactMessageInput!) {
    sendContactMessage(input: $input)
  }
`;

const EMPTY: Form = { name: '', email: '', subject: '', message: '' };

/** The contact page's form: checked as the visitor types, stored and mailed to the team by the events service. */
export function ContactForm() {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<ContactFormErrors>({});
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [sent, setSent] = useState(false);
  const [send, { loading }] = useMutation(SEND_CONTACT_MESSAGE);
  const { notify } = useAppState();

  const update = (field: ContactField, value: string) => {
    const next = { ...form, [field]: value };
    setForm(next);
    if (errors[field]) setErrors((current) => ({ ...current, [field]: validateContactForm(next)[field] }));
  };
  const check = (field: ContactField) =>
    setErrors((current) => ({ ...current, [field]: validateContactForm(form)[field] }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validateContactForm(form);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      document.getElementById(`${id}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    try {
      await send({ variables: { input: { ...form, language } } });
      setSent(true);
      notify(t('contact.sent'), 'success');
      setForm(EMPTY);
    } catch (error) {
      const apiError = readApiError(error);
      if (apiError.fields) setErrors(apiError.fields as ContactFormErrors);
      setFailure(apiError);
    }
  };

  if (sent) {
    return (
      <p className="form-success" role="status">
        {t('contact.sent')}
      </p>
    );
  }

  const messageError = errors.message;
  return (
    <form className="contact-form" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        id={`${id}-name`}
        label={t('contact.name')}
        value={form.name}
        error={errors.name}
        errorValues={contactMessageValues('name')}
        maxLength={CONTACT_FIELD_MAX_LENGTH.name}
        autoComplete="name"
        onChange={(value) => update('name', value)}
        onBlur={() => check('name')}
      />
      <TextField
        id={`${id}-email`}
        label={t('contact.email')}
        type="email"
        inputMode="email"
        value={form.email}
        error={errors.email}
        errorValues={contactMessageValues('email')}
        maxLength={CONTACT_FIELD_MAX_LENGTH.email}
        autoComplete="email"
        onChange={(value) => update('email', value)}
        onBlur={() => check('email')}
      />
      <div className={errors.subject ? 'field has-error' : 'field'}>
        <label htmlFor={`${id}-subject`}>{t('contact.subject')}</label>
        <input
          id={`${id}-subject`}
          value={form.subject}
          maxLength={CONTACT_FIELD_MAX_LENGTH.subject}
          aria-invalid={errors.subject ? true : undefined}
          aria-describedby={errors.subject ? `${id}-subject-error` : undefined}
          onChange={(event) => update('subject', event.target.value)}
          onBlur={() => check('subject')}
        />
        {errors.subject && (
          <p id={`${id}-subject-error`} className="field-error" role="alert">
            {t(errors.subject, contactMessageValues('subject'))}
          </p>
        )}
      </div>
      <div className={messageError ? 'field has-error' : 'field'}>
        <label htmlFor={`${id}-message`}>{t('contact.message')}</label>
        <textarea
          id={`${id}-message`}
          value={form.message}
          rows={6}
          required
          maxLength={CONTACT_FIELD_MAX_LENGTH.message}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={messageError ? `${id}-message-error` : undefined}
          onChange={(event) => update('message', event.target.value)}
          onBlur={() => check('message')}
        />
        {messageError && (
          <p id={`${id}-message-error`} className="field-error" role="alert">
            {t(messageError, contactMessageValues('message'))}
          </p>
        )}
      </div>
      {failure && (
        <p className="form-error" role="alert">
          {failure.code === 'VALIDATION_FAILED'
            ? t('errors.VALIDATION_FAILED')
            : failure.code === 'RATE_LIMITED'
              ? t('errors.RATE_LIMITED', { count: failure.count })
              : t('contact.failed')}
        </p>
      )}
      <button type="submit" className="button button-primary" disabled={loading}>
        {loading ? t('contact.sending') : t('contact.submit')}
      </button>
      <p className="hint">
        {t('contact.orWrite')} <a href={`mailto:${DEFAULT_CONTACT_EMAIL}`}>{DEFAULT_CONTACT_EMAIL}</a>
      </p>
    </form>
  );
}

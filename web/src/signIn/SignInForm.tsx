import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { readApiError, type ApiError } from '../api/apiErrors';
import { Button } from '../ui/Button';
import { TextField } from '../ui/Field';
import { REQUEST_SIGN_IN_LINK } from './graphql';

/** The owner's sign-in: a one-time link mailed to the order's email. The answer never says if it is known. */
export function SignInForm() {
  const { t, i18n } = useTranslation();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [requestLink, { loading }] = useMutation(REQUEST_SIGN_IN_LINK);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await requestLink({ variables: { email: email.trim(), language: i18n.language } });
      setSent(true);
    } catch (failure) {
      setError(readApiError(failure));
    }
  };

  if (sent) {
    return (
      <div className="owner-signin" role="status">
        <h2>{t('owner.signIn.sentTitle')}</h2>
        <p>{t('owner.signIn.sent', { email: email.trim() })}</p>
      </div>
    );
  }
  return (
    <form className="owner-signin" onSubmit={(event) => void submit(event)} noValidate>
      <h2>{t('owner.signIn.title')}</h2>
      <p>{t('owner.signIn.intro')}</p>
      <TextField
        id="signin-email"
        label={t('order.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        value={email}
        onValueChange={setEmail}
        required
        error={
          error &&
          (error.fields?.email ? t(error.fields.email) : t(`errors.${error.code}`, { count: error.count }))
        }
      />
      <Button type="submit" variant="primary" disabled={loading || !email.trim()}>
        {t('owner.signIn.submit')}
      </Button>
    </form>
  );
}

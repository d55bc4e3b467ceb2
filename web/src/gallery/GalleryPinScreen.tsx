import { useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { pinProblem } from '@gallery/contracts';
import { readApiError, type ApiError } from '../api/apiErrors';
import { renewLiveCredentials } from '../api/liveConnection';
import { Button } from '../ui/Button';
import { TextField } from '../ui/Field';
import { ENTER_GALLERY_PIN, keepPass } from '../session/galleryPass';

/**
 * What a guest sees first in a gallery with a PIN: one field with the phone's number pad. A right PIN keeps
 * this browser's pass for the gallery and opens it (`onEntered`); a wrong one, a malformed one or too many
 * tries say so under the field.
 */
export function GalleryPinScreen({ code, onEntered }: { code: string; onEntered: () => void }) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [enter, entering] = useMutation(ENTER_GALLERY_PIN);

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = pinProblem(pin);
    if (problem) return setFailure({ code: problem, extensions: {} });
    setFailure(null);
    enter({ variables: { code, pin } })
      .then((result) => {
        if (!result.data) return;
        keepPass(code, result.data.enterGalleryPin);
        renewLiveCredentials();
        onEntered();
      })
      .catch((error: unknown) => setFailure(readApiError(error)));
  }

  return (
    <section className="message-page gallery-pin" aria-labelledby="gallery-pin-title">
      <p className="message-mark" aria-hidden="true">
        ❦
      </p>
      <h1 id="gallery-pin-title">{t('galleryPin.title')}</h1>
      <p>{t('galleryPin.intro')}</p>
      <form onSubmit={submit} noValidate data-testid="gallery-pin-form">
        <TextField
          label={t('galleryPin.label')}
          hint={t('galleryPin.hint')}
          value={pin}
          onValueChange={(value) => setPin(value.replace(/\s/g, ''))}
          name="pin"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={8}
          autoFocus
          error={failure ? t(`errors.${failure.code}`, { count: failure.count }) : undefined}
        />
        <Button type="submit" variant="primary" disabled={entering.loading}>
          {entering.loading ? t('galleryPin.checking') : t('galleryPin.submit')}
        </Button>
      </form>
    </section>
  );
}

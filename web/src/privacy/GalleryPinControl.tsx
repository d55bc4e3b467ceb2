import { useState, type FormEvent } from 'react';
import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '../api/gql';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { pinProblem } from '@gallery/contracts';
import { readApiError, type ApiError } from '../api/apiErrors';
import { Button } from '../ui/Button';
import { TextField } from '../ui/Field';

const PIN_QUERY: TypedDocumentNode<
  { event: { code: string; pinProtected: boolean } | null },
  { code: string }
> = gql`
  query GalleryPinState($code: String!) {
    event(code: $code) {
      code
      pinProtected
    }
  }
`;

const SET_GALLERY_PIN: TypedDocumentNode<
  { setGalleryPin: { code: string; pinProtected: boolean } },
  { code: string; pin: string | null }
> = gql`
  mutation SetGalleryPin($code: String!, $pin: String) {
    setGalleryPin(eventCode: $code, pin: $pin) {
      code
      pinProtected
    }
  }
`;

/**
 * The couple's gallery PIN on the event page: whether guests must enter one, a field to set or change it (saved
 * when the couple presses Enter or leaves the field, as every setting of the page), and Remove. The PIN is never shown back: the server keeps only its hash.
 */
export function GalleryPinControl({ code }: { code: string }) {
  const { t } = useTranslation();
  const { data } = useQuery(PIN_QUERY, { variables: { code }, fetchPolicy: 'network-only' });
  const [save, saving] = useMutation(SET_GALLERY_PIN);
  const [pin, setPin] = useState('');
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [done, setDone] = useState<'saved' | 'removed' | null>(null);
  const protectedNow = data?.event?.pinProtected;
  if (protectedNow === undefined) return null;

  function send(value: string | null) {
    setDone(null);
    const problem = value === null ? null : pinProblem(value);
    if (problem) return setFailure({ code: problem, extensions: {} });
    setFailure(null);
    save({ variables: { code, pin: value } })
      .then(() => {
        setPin('');
        setDone(value === null ? 'removed' : 'saved');
      })
      .catch((error: unknown) => setFailure(readApiError(error)));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    send(pin);
  }

  return (
    <form className="gallery-pin-control" onSubmit={submit} noValidate data-testid="gallery-pin-control">
      <h3>{t('galleryPin.ownerTitle')}</h3>
      <p className="field-hint">{t('galleryPin.ownerIntro')}</p>
      <p>
        <strong>{protectedNow ? t('galleryPin.ownerOn') : t('galleryPin.ownerOff')}</strong>
      </p>
      <TextField
        label={t('galleryPin.newPin')}
        hint={t('galleryPin.hint')}
        value={pin}
        onValueChange={(value) => setPin(value.replace(/\s/g, ''))}
        name="galleryPin"
        inputMode="numeric"
        autoComplete="off"
        maxLength={8}
        onBlur={() => {
          if (pin) send(pin);
        }}
        error={failure ? t(`errors.${failure.code}`, { count: failure.count }) : undefined}
      />
      {protectedNow && (
        <div className="button-row">
          <Button type="button" variant="danger-outline" disabled={saving.loading} onClick={() => send(null)}>
            {t('galleryPin.remove')}
          </Button>
        </div>
      )}
      <div role="status">{done && <p className="form-success">{t(`galleryPin.${done}`)}</p>}</div>
    </form>
  );
}

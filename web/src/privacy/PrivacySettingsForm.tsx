import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { readApiError, type ApiError } from '../api/apiErrors';
import { formatLastDay } from '../gallery/formatDate';
import { Button } from '../ui/Button';
import { SwitchField, TextField } from '../ui/Field';
import { PRIVACY_QUERY, SET_PRIVACY, type PrivacySettings } from './graphql';
import { fromLocalInput, toLocalInput } from './localTime';
import { OwnerMetadataSwitch } from './OwnerMetadataSwitch';
import { VisibilityForm } from './VisibilityForm';

/**
 * The couple's privacy settings on the event page: when guests may upload (empty: from now, until the gallery
 * ends) and whether guests may download originals. Saved together; the server refuses a close in the past, a
 * time after the gallery ends or a close before the open, and media enforces them on every upload and link.
 */
export function PrivacySettingsForm({ code }: { code: string }) {
  const { t } = useTranslation();
  const { data } = useQuery(PRIVACY_QUERY, { variables: { code }, fetchPolicy: 'network-only' });
  const settings = data?.event?.privacy;
  if (!data?.event || !settings) return null;
  return (
    <>
      <PrivacyForm code={code} initial={settings} expiresAt={data.event.expiresAt} t={t} />
      <VisibilityForm code={code} settings={settings} expiresAt={data.event.expiresAt} />
      <OwnerMetadataSwitch code={code} settings={settings} />
    </>
  );
}

function PrivacyForm({
  code,
  initial,
  expiresAt,
  t,
}: {
  code: string;
  initial: PrivacySettings;
  expiresAt: string;
  t: ReturnType<typeof useTranslation>['t'];
}) {
  const [openAt, setOpenAt] = useState(toLocalInput(initial.uploadsOpenAt));
  const [closeAt, setCloseAt] = useState(toLocalInput(initial.uploadsCloseAt));
  // What the server holds: the switch saves at once with the saved window, Save sends the window typed.
  const [current, setCurrent] = useState(initial);
  const [save, saving] = useMutation(SET_PRIVACY);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [saved, setSaved] = useState(false);

  function send({ uploadsOpenAt, uploadsCloseAt, guestOriginalsAllowed, approval }: PrivacySettings) {
    setFailure(null);
    setSaved(false);
    // Only the input's fields: what the server answered also carries __typename.
    const settings = { uploadsOpenAt, uploadsCloseAt, guestOriginalsAllowed, approval: approval ?? false };
    save({ variables: { code, settings } })
      .then((result) => {
        setCurrent(result.data?.setPrivacySettings.privacy ?? settings);
        setSaved(true);
      })
      .catch((error: unknown) => setFailure(readApiError(error)));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    send({ ...current, uploadsOpenAt: fromLocalInput(openAt), uploadsCloseAt: fromLocalInput(closeAt) });
  }

  const windowError =
    failure && failure.code.startsWith('UPLOADS_') ? t(`errors.${failure.code}`) : undefined;
  return (
    <form className="privacy-form" onSubmit={submit} noValidate data-testid="privacy-form">
      <SwitchField
        label={t('privacy.guestOriginals')}
        hint={t('privacy.guestOriginalsHint')}
        checked={current.guestOriginalsAllowed}
        disabled={saving.loading}
        onCheckedChange={(checked) => send({ ...current, guestOriginalsAllowed: checked })}
      />
      <SwitchField
        label={t('privacy.approval')}
        hint={t('privacy.approvalHint')}
        checked={current.approval ?? false}
        disabled={saving.loading}
        onCheckedChange={(checked) => send({ ...current, approval: checked })}
      />
      <TextField
        type="datetime-local"
        label={t('privacy.uploadsOpenAt')}
        hint={t('privacy.uploadsOpenHint')}
        value={openAt}
        onValueChange={setOpenAt}
        name="uploadsOpenAt"
      />
      <TextField
        type="datetime-local"
        label={t('privacy.uploadsCloseAt')}
        hint={t('privacy.uploadsCloseHint', { date: formatLastDay(expiresAt) })}
        value={closeAt}
        onValueChange={setCloseAt}
        name="uploadsCloseAt"
        error={windowError}
      />
      <div className="button-row">
        <Button type="submit" variant="primary" disabled={saving.loading}>
          {t('privacy.saveWindow')}
        </Button>
      </div>
      <div role="status">{saved && <p className="form-success">{t('privacy.saved')}</p>}</div>
      {failure && !windowError && (
        <p className="form-error" role="alert">
          {t(`errors.${failure.code}`, { count: failure.count })}
        </p>
      )}
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { formatLastDay } from '../i18n/formatDate';
import { SaveStatusText } from '../ui/SaveStatusText';
import { useSaveStatus } from '../ui/useSaveStatus';
import { SwitchField, TextField } from '../ui/Field';
import { PRIVACY_QUERY, SET_PRIVACY, type PrivacySettings } from './graphql';
import { fromLocalInput, toLocalInput } from './localTime';
import { OwnerMetadataSwitch } from './OwnerMetadataSwitch';
import { VisibilityForm } from './VisibilityForm';

/**
 * The couple's privacy settings on the event page: when guests may upload (empty: from now, until the gallery
 * ends) and whether guests may download originals. Each saves when changed (a time when its field is left), sent
 * with the rest as saved; the server refuses a close in the past, a
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
  // What the server holds: each change is sent with the rest as saved.
  const [current, setCurrent] = useState(initial);
  const [save] = useMutation(SET_PRIVACY);
  const status = useSaveStatus();

  function send({ uploadsOpenAt, uploadsCloseAt, guestOriginalsAllowed, approval }: PrivacySettings) {
    // Only the input's fields: what the server answered also carries __typename.
    const settings = { uploadsOpenAt, uploadsCloseAt, guestOriginalsAllowed, approval: approval ?? false };
    void status.save(async () => {
      const result = await save({ variables: { code, settings } });
      setCurrent(result.data?.setPrivacySettings.privacy ?? settings);
    });
  }

  /** The upload window as typed, sent when the couple leaves a field that changed it. */
  function sendWindow() {
    const uploadsOpenAt = fromLocalInput(openAt);
    const uploadsCloseAt = fromLocalInput(closeAt);
    if (uploadsOpenAt === current.uploadsOpenAt && uploadsCloseAt === current.uploadsCloseAt) return;
    send({ ...current, uploadsOpenAt, uploadsCloseAt });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    sendWindow();
  }

  const failure = status.failure;
  const windowError =
    failure && failure.code.startsWith('UPLOADS_') ? t(`errors.${failure.code}`) : undefined;
  return (
    <form className="privacy-form" onSubmit={submit} noValidate data-testid="privacy-form">
      <SwitchField
        label={t('privacy.guestOriginals')}
        hint={t('privacy.guestOriginalsHint')}
        checked={current.guestOriginalsAllowed}
        disabled={status.state === 'saving'}
        onCheckedChange={(checked) => send({ ...current, guestOriginalsAllowed: checked })}
      />
      <SwitchField
        label={t('privacy.approval')}
        hint={t('privacy.approvalHint')}
        checked={current.approval ?? false}
        disabled={status.state === 'saving'}
        onCheckedChange={(checked) => send({ ...current, approval: checked })}
      />
      <div className="setting-group">
        <TextField
          type="datetime-local"
          label={t('privacy.uploadsOpenAt')}
          hint={t('privacy.uploadsOpenHint')}
          value={openAt}
          onValueChange={setOpenAt}
          onBlur={sendWindow}
          name="uploadsOpenAt"
        />
        <TextField
          type="datetime-local"
          label={t('privacy.uploadsCloseAt')}
          hint={t('privacy.uploadsCloseHint', { date: formatLastDay(expiresAt) })}
          value={closeAt}
          onValueChange={setCloseAt}
          onBlur={sendWindow}
          name="uploadsCloseAt"
          error={windowError}
        />
      </div>
      <SaveStatusText state={status.state} testId="privacy-status" />
      {failure && !windowError && (
        <p className="form-error" role="alert">
          {t(`errors.${failure.code}`, { count: failure.count })}
        </p>
      )}
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { formatLastDay } from '../i18n/formatDate';
import { SaveStatusText } from '../ui/SaveStatusText';
import { useSaveStatus } from '../ui/useSaveStatus';
import { TextField } from '../ui/Field';
import { SavingSwitch } from '../ui/SavingSwitch';
import { PRIVACY_QUERY, SET_PRIVACY, privacyInput, type PrivacySettings } from './graphql';
import { fromLocalInput, toLocalInput } from './localTime';

/** The gallery's privacy settings and its last day, as events holds them (kept current by the cache); null while loading. */
export function usePrivacySettings(code: string): { settings: PrivacySettings; expiresAt: string } | null {
  const { data } = useQuery(PRIVACY_QUERY, { variables: { code }, fetchPolicy: 'network-only' });
  const settings = data?.event?.privacy;
  return data?.event && settings ? { settings, expiresAt: data.event.expiresAt } : null;
}

type SettingProps = { code: string; settings: PrivacySettings };

/**
 * One switch of the couple's privacy settings, saved at once with the rest as they are (`settings`, kept current
 * by the cache).
 */
function PrivacySwitch({
  code,
  settings,
  change,
  ...shown
}: SettingProps & {
  label: string;
  hint: string;
  checked: boolean;
  change: (checked: boolean) => Partial<PrivacySettings>;
  testId: string;
}) {
  const [save] = useMutation(SET_PRIVACY);
  return (
    <SavingSwitch
      {...shown}
      save={(value) => save({ variables: { code, settings: privacyInput(settings, change(value)) } })}
    />
  );
}

/** Whether guests' new photos (and guestbook messages) wait for the couple's approval before they show. */
export function ApprovalSwitch({ code, settings }: SettingProps) {
  const { t } = useTranslation();
  return (
    <PrivacySwitch
      code={code}
      settings={settings}
      label={t('privacy.approval')}
      hint={t('privacy.approvalHint')}
      checked={settings.approval ?? false}
      change={(approval) => ({ approval })}
      testId="approval"
    />
  );
}

/** Whether guests may download the originals of the photos they see; media enforces it on every link. */
export function GuestOriginalsSwitch({ code, settings }: SettingProps) {
  const { t } = useTranslation();
  return (
    <PrivacySwitch
      code={code}
      settings={settings}
      label={t('privacy.guestOriginals')}
      hint={t('privacy.guestOriginalsHint')}
      checked={settings.guestOriginalsAllowed}
      change={(guestOriginalsAllowed) => ({ guestOriginalsAllowed })}
      testId="originals"
    />
  );
}

/**
 * When guests may upload (empty: from now, until the gallery ends), saved when the couple leaves a field that
 * changed it (or presses Enter); the server refuses a close in the past, a time after the gallery ends or a close
 * before the open, and media enforces the window on every upload.
 */
export function UploadWindowForm({ code, settings, expiresAt }: SettingProps & { expiresAt: string }) {
  const { t } = useTranslation();
  const [openAt, setOpenAt] = useState(toLocalInput(settings.uploadsOpenAt));
  const [closeAt, setCloseAt] = useState(toLocalInput(settings.uploadsCloseAt));
  const [save] = useMutation(SET_PRIVACY);
  const status = useSaveStatus();

  /** The upload window as typed, sent when the couple leaves a field that changed it. */
  function sendWindow() {
    const uploadsOpenAt = fromLocalInput(openAt);
    const uploadsCloseAt = fromLocalInput(closeAt);
    if (uploadsOpenAt === settings.uploadsOpenAt && uploadsCloseAt === settings.uploadsCloseAt) return;
    void status.save(() =>
      save({ variables: { code, settings: privacyInput(settings, { uploadsOpenAt, uploadsCloseAt }) } }),
    );
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

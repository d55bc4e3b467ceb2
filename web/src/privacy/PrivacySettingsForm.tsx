import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { formatLastDay } from '../i18n/formatDate';
import { SaveStatusText } from '../ui/SaveStatusText';
import { useSaveStatus } from '../ui/useSaveStatus';
import { SwitchField, TextField } from '../ui/Field';
import { PRIVACY_QUERY, SET_PRIVACY, type PrivacySettings } from './graphql';
import { fromLocalInput, toLocalInput } from './localTime';

/** The gallery's privacy settings and its last day, as events holds them (kept current by the cache); null while loading. */
export function usePrivacySettings(code: string): { settings: PrivacySettings; expiresAt: string } | null {
  const { data } = useQuery(PRIVACY_QUERY, { variables: { code }, fetchPolicy: 'network-only' });
  const settings = data?.event?.privacy;
  return data?.event && settings ? { settings, expiresAt: data.event.expiresAt } : null;
}

/**
 * The settings the couple's privacy switches and upload window send: `settings` as saved, with `changes`. Approval
 * goes only when it is the change (the server keeps it when omitted), so a switch saved while another is on its
 * way cannot put back the other's old value.
 */
function withChanges(
  settings: PrivacySettings,
  changes: Partial<
    Pick<PrivacySettings, 'uploadsOpenAt' | 'uploadsCloseAt' | 'guestOriginalsAllowed' | 'approval'>
  >,
): PrivacySettings {
  // Only the input's fields: what the server answered also carries __typename.
  const { uploadsOpenAt, uploadsCloseAt, guestOriginalsAllowed } = { ...settings, ...changes };
  return {
    uploadsOpenAt,
    uploadsCloseAt,
    guestOriginalsAllowed,
    ...(changes.approval === undefined ? {} : { approval: changes.approval }),
  };
}

type SettingProps = { code: string; settings: PrivacySettings };

/**
 * One switch of the couple's privacy settings, saved at once with the rest as they are (`settings`, kept current
 * by the cache), its "Saving…" and "Saved" beside it and a refusal under it.
 */
function PrivacySwitch({
  code,
  settings,
  label,
  hint,
  checked,
  change,
  testId,
}: SettingProps & {
  label: string;
  hint: string;
  checked: boolean;
  change: (checked: boolean) => Partial<PrivacySettings>;
  testId: string;
}) {
  const { t } = useTranslation();
  const [save] = useMutation(SET_PRIVACY);
  const status = useSaveStatus();
  const failure = status.failure;
  return (
    <div className="privacy-switch" data-testid={testId}>
      <SwitchField
        label={label}
        hint={hint}
        checked={checked}
        disabled={status.state === 'saving'}
        onCheckedChange={(value) =>
          void status.save(() =>
            save({ variables: { code, settings: withChanges(settings, change(value)) } }),
          )
        }
      />
      <SaveStatusText state={status.state} testId={`${testId}-status`} />
      {failure && (
        <p className="form-error" role="alert">
          {t(`errors.${failure.code}`, { count: failure.count })}
        </p>
      )}
    </div>
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
      save({ variables: { code, settings: withChanges(settings, { uploadsOpenAt, uploadsCloseAt }) } }),
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

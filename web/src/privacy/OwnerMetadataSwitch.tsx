import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { SaveStatusText } from '../ui/SaveStatusText';
import { useSaveStatus } from '../ui/useSaveStatus';
import { SwitchField } from '../ui/Field';
import { SET_PRIVACY, type PrivacySettings } from './graphql';

/**
 * The couple's choice whether their own downloads (a single original, Download All) keep where the photos were
 * taken and the other details in them; off, they get the same copies as guests. Saved at once with the other
 * settings as they are now (`settings`, kept current by the cache); the server applies it to every download.
 */
export function OwnerMetadataSwitch({ code, settings }: { code: string; settings: PrivacySettings }) {
  const { t } = useTranslation();
  const [save] = useMutation(SET_PRIVACY);
  const status = useSaveStatus();
  const failure = status.failure;
  const keep = settings.ownerDownloadsKeepMetadata ?? true;

  function choose(checked: boolean) {
    const { uploadsOpenAt, uploadsCloseAt, guestOriginalsAllowed } = settings;
    void status.save(() =>
      save({
        variables: {
          code,
          settings: {
            uploadsOpenAt,
            uploadsCloseAt,
            guestOriginalsAllowed,
            ownerDownloadsKeepMetadata: checked,
          },
        },
      }),
    );
  }

  return (
    <div className="privacy-switch" data-testid="owner-metadata">
      <SwitchField
        label={t('privacy.ownerMetadata.label')}
        hint={t('privacy.ownerMetadata.hint')}
        checked={keep}
        disabled={status.state === 'saving'}
        onCheckedChange={choose}
        name="ownerDownloadsKeepMetadata"
      />
      <SaveStatusText state={status.state} testId="owner-metadata-status" />
      {failure && (
        <p className="form-error" role="alert">
          {t(`errors.${failure.code}`, { count: failure.count })}
        </p>
      )}
    </div>
  );
}

import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { readApiError, type ApiError } from '../api/apiErrors';
import { SwitchField } from '../ui/Field';
import { SET_PRIVACY, type PrivacySettings } from './graphql';

/**
 * The couple's choice whether their own downloads (a single original, Download All) keep where the photos were
 * taken and the other details in them; off, they get the same copies as guests. Saved at once with the other
 * settings as they are now (`settings`, kept current by the cache); the server applies it to every download.
 */
export function OwnerMetadataSwitch({ code, settings }: { code: string; settings: PrivacySettings }) {
  const { t } = useTranslation();
  const [save, saving] = useMutation(SET_PRIVACY);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [saved, setSaved] = useState(false);
  const keep = settings.ownerDownloadsKeepMetadata ?? true;

  function choose(checked: boolean) {
    setFailure(null);
    setSaved(false);
    const { uploadsOpenAt, uploadsCloseAt, guestOriginalsAllowed } = settings;
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
    })
      .then(() => setSaved(true))
      .catch((error: unknown) => setFailure(readApiError(error)));
  }

  return (
    <div className="privacy-form" data-testid="owner-metadata">
      <SwitchField
        label={t('privacy.ownerMetadata.label')}
        hint={t('privacy.ownerMetadata.hint')}
        checked={keep}
        disabled={saving.loading}
        onCheckedChange={choose}
        name="ownerDownloadsKeepMetadata"
      />
      <div role="status">{saved && <p className="form-success">{t('privacy.saved')}</p>}</div>
      {failure && (
        <p className="form-error" role="alert">
          {t(`errors.${failure.code}`, { count: failure.count })}
        </p>
      )}
    </div>
  );
}

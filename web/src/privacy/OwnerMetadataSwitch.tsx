import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { SavingSwitch } from '../ui/SavingSwitch';
import { SET_PRIVACY, privacyInput, type PrivacySettings } from './graphql';

/**
 * The couple's choice whether their own downloads (a single original, Download All) keep where the photos were
 * taken and the other details in them; off, they get the same copies as guests. Saved at once with the other
 * settings as they are now (`settings`, kept current by the cache); the server applies it to every download.
 */
export function OwnerMetadataSwitch({ code, settings }: { code: string; settings: PrivacySettings }) {
  const { t } = useTranslation();
  const [save] = useMutation(SET_PRIVACY);
  return (
    <SavingSwitch
      label={t('privacy.ownerMetadata.label')}
      hint={t('privacy.ownerMetadata.hint')}
      checked={settings.ownerDownloadsKeepMetadata ?? true}
      name="ownerDownloadsKeepMetadata"
      testId="owner-metadata"
      save={(checked) =>
        save({
          variables: { code, settings: privacyInput(settings, { ownerDownloadsKeepMetadata: checked }) },
        })
      }
    />
  );
}

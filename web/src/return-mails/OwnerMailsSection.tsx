import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { readApiError, type ApiError } from '../api/apiErrors';
import { SwitchField } from '../ui/Field';
import { PageSection, SettingsColumns } from '../ui/Section';
import { OWNER_MAILS, SET_OWNER_MAIL, type OwnerMail } from './graphql';

/** The daily digest's parts, then the mails sent the moment something happens: each its own switch. */
const DIGEST_PARTS: { mail: OwnerMail; label: string; hint?: string }[] = [
  { mail: 'WAITING_PHOTOS', label: 'ownerMails.waitingPhotos' },
  { mail: 'WAITING_MESSAGES', label: 'ownerMails.waitingMessages' },
  { mail: 'STORAGE_ENDING', label: 'ownerMails.storageEnding' },
  { mail: 'BACKUP_STOPPED', label: 'ownerMails.backupStopped', hint: 'ownerMails.backupStoppedHint' },
];
const RIGHT_AWAY: { mail: OwnerMail; label: string; hint?: string }[] = [
  { mail: 'GALLERY_FULL', label: 'ownerMails.galleryFull' },
  { mail: 'PIN_GUESSING', label: 'ownerMails.pinGuessing' },
];

/**
 * The event page's Emails section: which of their mails the couple gets for this gallery, each saved as it is
 * switched. Receipts, sign-in links and the mails before the gallery is deleted always go.
 */
export function OwnerMailsSection({ code }: { code: string }) {
  const { t } = useTranslation();
  const choices = useQuery(OWNER_MAILS, { variables: { eventCode: code } });
  const [setMail, saving] = useMutation(SET_OWNER_MAIL, {
    update: (cache, result) => {
      const now = result.data?.setOwnerMail;
      if (now)
        cache.writeQuery({ query: OWNER_MAILS, variables: { eventCode: code }, data: { ownerMails: now } });
    },
  });
  const [failure, setFailure] = useState<{ mail: OwnerMail; error: ApiError } | null>(null);
  const on = (mail: OwnerMail) =>
    choices.data?.ownerMails.find((choice) => choice.mail === mail)?.on ?? false;
  const errorOf = (mail: OwnerMail) => {
    const shown = failure?.mail === mail ? failure.error : choices.error ? readApiError(choices.error) : null;
    return shown ? t(`errors.${shown.code}`, { count: shown.count }) : undefined;
  };
  const switchOf = ({ mail, label, hint }: { mail: OwnerMail; label: string; hint?: string }) => (
    <SwitchField
      key={mail}
      label={t(label)}
      hint={hint ? t(hint) : undefined}
      checked={on(mail)}
      disabled={choices.loading || saving.loading}
      error={errorOf(mail)}
      data-mail={mail}
      onCheckedChange={(checked) => {
        setFailure(null);
        setMail({ variables: { eventCode: code, mail, on: checked } }).catch((error: unknown) =>
          setFailure({ mail, error: readApiError(error) }),
        );
      }}
    />
  );
  return (
    <PageSection id="mails" title={t('ownerMails.title')}>
      <SettingsColumns>
        <div className="setting-group">
          <p className="owner-mails-intro">{t('ownerMails.digestIntro')}</p>
          {DIGEST_PARTS.map(switchOf)}
        </div>
        <div className="setting-group">
          <p className="owner-mails-intro">{t('ownerMails.rightAwayIntro')}</p>
          {RIGHT_AWAY.map(switchOf)}
          <p className="field-hint">{t('ownerMails.alwaysSent')}</p>
        </div>
      </SettingsColumns>
    </PageSection>
  );
}

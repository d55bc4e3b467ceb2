import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { readApiError, type ApiError } from '../api/apiErrors';
import { SwitchField } from '../ui/Field';
import { PageSection } from '../ui/Section';
import { OWNER_DIGEST, SET_OWNER_DIGEST } from './graphql';

/** The event page's Emails section: whether the couple gets the daily digest while something waits. */
export function OwnerDigestSection({ code }: { code: string }) {
  const { t } = useTranslation();
  const digest = useQuery(OWNER_DIGEST, { variables: { eventCode: code } });
  const [setDigest, saving] = useMutation(SET_OWNER_DIGEST, {
    update: (cache, result) => {
      const on = result.data?.setOwnerDigest;
      if (on !== undefined)
        cache.writeQuery({ query: OWNER_DIGEST, variables: { eventCode: code }, data: { ownerDigest: on } });
    },
  });
  const [failure, setFailure] = useState<ApiError | null>(null);
  const shownFailure = failure ?? (digest.error ? readApiError(digest.error) : null);
  return (
    <PageSection id="mails" title={t('ownerMails.title')}>
      <SwitchField
        label={t('ownerMails.digest')}
        hint={t('ownerMails.digestHint')}
        checked={digest.data?.ownerDigest ?? false}
        disabled={digest.loading || saving.loading}
        error={shownFailure ? t(`errors.${shownFailure.code}`, { count: shownFailure.count }) : undefined}
        onCheckedChange={(checked) => {
          setFailure(null);
          setDigest({ variables: { eventCode: code, on: checked } }).catch((error: unknown) =>
            setFailure(readApiError(error)),
          );
        }}
      />
    </PageSection>
  );
}

import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { findMePath } from '@gallery/contracts';
import { isLanguage } from '../i18n/languages';
import { customDomainGallery } from '../premium/customDomainSite';
import { ButtonLink } from '../ui/Button';
import { FIND_ME_AVAILABLE_QUERY } from './graphql';

/**
 * "Find my photos" among the gallery's secondary actions, where the couple turned "Find me" on; it opens the
 * gallery's "Find me" page in the language shown. Not on a couple's own domain, which serves the gallery alone.
 */
export function FindMeLink({ code }: { code: string }) {
  const { t, i18n } = useTranslation();
  const onOwnDomain = customDomainGallery() === code;
  const available = useQuery(FIND_ME_AVAILABLE_QUERY, { variables: { code }, skip: onOwnDomain });
  if (onOwnDomain || available.data?.findMeAvailable !== true) return null;
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <ButtonLink to={findMePath(code, language)} variant="secondary" data-testid="find-me-link">
      {t('findMe.action')}
    </ButtonLink>
  );
}

import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { findMePageLink } from './galleryUrl';
import { isLanguage } from '../i18n/languages';
import { ButtonLink } from '../ui/Button';
import { useSettled } from '../api/settled';
import { FIND_ME_AVAILABLE_QUERY } from './graphql';

/**
 * "Find my photos" among the gallery's secondary actions, where the couple turned "Find me" on; it opens the
 * gallery's "Find me" page in the language shown, on the address the guest is on (the product's site or the
 * couple's own domain).
 */
export function FindMeLink({ code }: { code: string }) {
  const { t, i18n } = useTranslation();
  // Read once the page has settled: the link is not part of the gallery's first picture.
  const settled = useSettled();
  const available = useQuery(FIND_ME_AVAILABLE_QUERY, { variables: { code }, skip: !settled });
  if (available.data?.findMeAvailable !== true) return null;
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <ButtonLink to={findMePageLink(code, language)} variant="secondary" data-testid="find-me-link">
      {t('findMe.action')}
    </ButtonLink>
  );
}

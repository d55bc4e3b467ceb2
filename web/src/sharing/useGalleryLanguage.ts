import { useQuery } from '@apollo/client/react';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../i18n/languages';
import { GALLERY_LANGUAGE_QUERY } from './graphql';

/** The language gallery `code`'s links and QR code open it in (English until it is known). */
export function useGalleryLanguage(code: string): Language {
  const { data } = useQuery(GALLERY_LANGUAGE_QUERY, { variables: { code } });
  const language = data?.event?.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

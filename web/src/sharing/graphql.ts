import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '../api/gql';

export interface GalleryLanguageEvent {
  code: string;
  language: string;
}

export const GALLERY_LANGUAGE_QUERY: TypedDocumentNode<
  { event: GalleryLanguageEvent | null },
  { code: string }
> = gql`
  query GalleryLanguage($code: String!) {
    event(code: $code) {
      code
      language
    }
  }
`;

export const SET_GALLERY_LANGUAGE: TypedDocumentNode<
  { setGalleryLanguage: GalleryLanguageEvent },
  { code: string; language: string }
> = gql`
  mutation SetGalleryLanguage($code: String!, $language: String!) {
    setGalleryLanguage(code: $code, language: $language) {
      code
      language
    }
  }
`;

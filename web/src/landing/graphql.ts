import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '../api/gql';

export interface LandingCover {
  id: string;
  thumbnailUrl: string;
  width: number;
  height: number;
}

export interface GalleryLanding {
  code: string;
  welcomeLine: string | null;
  coverPhoto: LandingCover | null;
}

/** What the guest's landing shows besides the names: the couple's welcome line and cover photo. */
export const LANDING_QUERY: TypedDocumentNode<{ event: GalleryLanding | null }, { code: string }> = gql`
  query GalleryLanding($code: String!) {
    event(code: $code) {
      code
      welcomeLine
      coverPhoto {
        id
        thumbnailUrl
        width
        height
      }
    }
  }
`;

export const SET_WELCOME_LINE: TypedDocumentNode<
  { setWelcomeLine: { code: string; welcomeLine: string | null } },
  { code: string; welcomeLine: string | null }
> = gql`
  mutation SetWelcomeLine($code: String!, $welcomeLine: String) {
    setWelcomeLine(code: $code, welcomeLine: $welcomeLine) {
      code
      welcomeLine
    }
  }
`;

export const SET_COVER_PHOTO: TypedDocumentNode<
  { setCoverPhoto: boolean },
  { code: string; photoId: string | null }
> = gql`
  mutation SetCoverPhoto($code: String!, $photoId: ID) {
    setCoverPhoto(code: $code, photoId: $photoId)
  }
`;

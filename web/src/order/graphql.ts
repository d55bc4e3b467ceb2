import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '../api/gql';
import type { ApiPlan } from '../api/plan';

export interface CreatedGallery {
  event: { code: string; name: string; plan: ApiPlan; expiresAt: string };
  ownerToken: string;
  /** A session for the order's email (every gallery of it): kept as authToken. */
  sessionToken: string;
  galleryUrl: string;
  paymentRequired: boolean;
}

export interface CreateGalleryInput {
  coupleNames: string;
  weddingDate: string;
  location: string;
  email: string;
  phone: string;
  plan: ApiPlan;
  /** The language the order confirmation mail is written in (en, fr or es). */
  language?: string;
}

export const CREATE_GALLERY: TypedDocumentNode<
  { createGallery: CreatedGallery },
  { input: CreateGalleryInput }
> = gql`
  mutation CreateGallery($input: CreateGalleryInput!) {
    createGallery(input: $input) {
      event {
        code
        name
        plan
        expiresAt
      }
      ownerToken
      sessionToken
      galleryUrl
      paymentRequired
    }
  }
`;

import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '../api/gql';
import type { ApiPlan } from '../api/plan';
import type { CreatedGallery } from '../order/graphql';

export interface OwnerEvent {
  code: string;
  name: string;
  coupleNames: string;
  weddingDate: string;
  location: string;
  plan: ApiPlan;
  photoCount: number;
  expiresAt: string;
  /** en, fr or es: the language its links and QR code open the gallery in. */
  language: string;
}

export const MY_EVENTS_QUERY: TypedDocumentNode<{ myEvents: OwnerEvent[] }, Record<string, never>> = gql`
  query MyEvents {
    myEvents {
      code
      name
      coupleNames
      weddingDate
      location
      plan
      photoCount
      expiresAt
      language
    }
  }
`;

export const OWNER_EVENT_QUERY: TypedDocumentNode<
  { event: (OwnerEvent & { isOwner: boolean; guestDownloadsAllowed: boolean }) | null },
  { code: string }
> = gql`
  query OwnerEvent($code: String!) {
    event(code: $code) {
      code
      name
      coupleNames
      weddingDate
      location
      plan
      photoCount
      expiresAt
      language
      isOwner
      guestDownloadsAllowed
    }
  }
`;

export interface EventDetails {
  coupleNames: string;
  weddingDate: string;
  location: string;
}

export const UPDATE_EVENT: TypedDocumentNode<
  { updateEvent: OwnerEvent },
  { code: string; input: EventDetails }
> = gql`
  mutation UpdateEvent($code: String!, $input: EventDetailsInput!) {
    updateEvent(code: $code, input: $input) {
      code
      name
      coupleNames
      weddingDate
      location
      expiresAt
    }
  }
`;

export const DELETE_EVENT: TypedDocumentNode<{ deleteEvent: boolean }, { code: string }> = gql`
  mutation DeleteEvent($code: String!) {
    deleteEvent(code: $code)
  }
`;

export const CREATE_EVENT: TypedDocumentNode<
  { createEvent: CreatedGallery },
  { input: EventDetails & { plan: ApiPlan; language?: string } }
> = gql`
  mutation CreateEvent($input: NewEventInput!) {
    createEvent(input: $input) {
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

export interface ActivityDay {
  day: string;
  views: number;
  uploads: number;
  downloads: number;
  guests: number;
}

/** One guest's part, for "Guests who shared most"; guestName null: they gave no name. */
export interface GuestShare {
  guestName: string | null;
  photoCount: number;
  heartCount: number;
}

/** A photo of "Most loved photos". */
export interface LovedPhoto {
  id: string;
  thumbnailUrl: string;
  guestName: string | null;
  heartCount: number;
}

export const GALLERY_ANALYTICS_QUERY: TypedDocumentNode<
  {
    galleryAnalytics: ActivityDay[];
    topSharers: GuestShare[];
    event: {
      code: string;
      challenges: { id: string; prompt: string; photoCount: number }[];
      photos: { nodes: LovedPhoto[] };
    } | null;
  },
  { code: string }
> = gql`
  query GalleryAnalytics($code: String!) {
    galleryAnalytics(eventCode: $code) {
      day
      views
      uploads
      downloads
      guests
    }
    topSharers(eventCode: $code, first: 5) {
      guestName
      photoCount
      heartCount
    }
    event(code: $code) {
      code
      challenges {
        id
        prompt
        photoCount
      }
      photos(first: 6, order: MOST_LOVED) {
        nodes {
          id
          thumbnailUrl
          guestName
          heartCount
        }
      }
    }
  }
`;

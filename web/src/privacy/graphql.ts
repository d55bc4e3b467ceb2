import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '../api/gql';

/** Who sees which photos, as the API names PHOTO_VISIBILITY_MODES. */
export type PhotoVisibility = 'EVERYONE' | 'OWN' | 'REVEAL';

/** The couple's privacy settings, as events answers them (ISO 8601 instants, null: no limit). */
export interface PrivacySettings {
  uploadsOpenAt: string | null;
  uploadsCloseAt: string | null;
  guestOriginalsAllowed: boolean;
  /** Absent in a gallery kept offline before the setting existed (read as EVERYONE). */
  visibility?: PhotoVisibility;
  /** With REVEAL: when everyone's photos appear. */
  revealAt?: string | null;
  /** Whether the couple's own downloads keep the originals' metadata (location and all); omitted: unchanged. */
  ownerDownloadsKeepMetadata?: boolean;
  /** Whether guests' new photos wait for the couple's approval; absent in older offline copies (off). */
  approval?: boolean;
}

export const PRIVACY_QUERY: TypedDocumentNode<
  { event: { code: string; expiresAt: string; privacy: PrivacySettings } | null },
  { code: string }
> = gql`
  query PrivacySettings($code: String!) {
    event(code: $code) {
      code
      expiresAt
      privacy {
        uploadsOpenAt
        uploadsCloseAt
        guestOriginalsAllowed
        visibility
        revealAt
        ownerDownloadsKeepMetadata
        approval
      }
    }
  }
`;

/**
 * The settings a privacy control sends (SET_PRIVACY): the upload window and the originals' switch as saved (the
 * server requires them) with the control's `changes`; the other settings go only when they are the change (the
 * server keeps what is omitted), so a control saved while another's save is on its way cannot put back the
 * other's old value.
 */
export function privacyInput(settings: PrivacySettings, changes: Partial<PrivacySettings>): PrivacySettings {
  // Only the input's fields: what the server answered also carries __typename.
  const { uploadsOpenAt, uploadsCloseAt, guestOriginalsAllowed } = settings;
  return { uploadsOpenAt, uploadsCloseAt, guestOriginalsAllowed, ...changes };
}

export const SET_PRIVACY: TypedDocumentNode<
  { setPrivacySettings: { code: string; privacy: PrivacySettings } },
  { code: string; settings: PrivacySettings }
> = gql`
  mutation SetPrivacySettings($code: String!, $settings: PrivacySettingsInput!) {
    setPrivacySettings(eventCode: $code, settings: $settings) {
      code
      privacy {
        uploadsOpenAt
        uploadsCloseAt
        guestOriginalsAllowed
        visibility
        revealAt
        ownerDownloadsKeepMetadata
        approval
      }
    }
  }
`;

import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '../api/gql';

export interface Wall {
  code: string;
  name: string;
  intervalSeconds: number;
  language: string;
}

/** The wall a link opens: WALL_LINK_INVALID when its key is not one of the gallery's links. */
export const WALL_QUERY: TypedDocumentNode<{ wall: Wall }, { code: string; key: string }> = gql`
  query Wall($code: String!, $key: String!) {
    wall(code: $code, key: $key) {
      code
      name
      intervalSeconds
      language
    }
  }
`;

export const WALL_SETTINGS_QUERY: TypedDocumentNode<
  { event: { code: string; wallIntervalSeconds: number } | null },
  { code: string }
> = gql`
  query WallSettings($code: String!) {
    event(code: $code) {
      code
      wallIntervalSeconds
    }
  }
`;

/** The gallery's photo challenges, for the prompt under each photo (anyone with the code may read them). */
export const WALL_CHALLENGES_QUERY: TypedDocumentNode<
  { event: { code: string; challenges: { id: string; prompt: string }[] } | null },
  { code: string }
> = gql`
  query WallChallenges($code: String!) {
    event(code: $code) {
      code
      challenges {
        id
        prompt
      }
    }
  }
`;

/** Owner only: a new link that opens the wall on a screen. */
export const CREATE_WALL_LINK: TypedDocumentNode<{ createWallLink: { url: string } }, { eventCode: string }> =
  gql`
    mutation CreateWallLink($eventCode: String!) {
      createWallLink(eventCode: $eventCode) {
        url
      }
    }
  `;

export const SET_WALL_INTERVAL: TypedDocumentNode<
  { setWallInterval: number },
  { eventCode: string; seconds: number }
> = gql`
  mutation SetWallInterval($eventCode: String!, $seconds: Int!) {
    setWallInterval(eventCode: $eventCode, seconds: $seconds)
  }
`;

export const RESET_WALL_LINKS: TypedDocumentNode<{ resetWallLinks: boolean }, { eventCode: string }> = gql`
  mutation ResetWallLinks($eventCode: String!) {
    resetWallLinks(eventCode: $eventCode)
  }
`;

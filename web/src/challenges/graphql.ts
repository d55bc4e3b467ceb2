import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '../api/gql';

export interface ChallengePrompt {
  id: string;
  prompt: string;
}

export const CHALLENGE_PROMPTS_QUERY: TypedDocumentNode<
  { event: { code: string; challengePrompts: ChallengePrompt[] } | null },
  { code: string }
> = gql`
  query ChallengePrompts($code: String!) {
    event(code: $code) {
      code
      challengePrompts {
        id
        prompt
      }
    }
  }
`;

/** Owner only: replaces the gallery's photo challenges; ids of kept challenges keep their photos. */
export const SET_CHALLENGES: TypedDocumentNode<
  { setChallenges: ChallengePrompt[] },
  { eventCode: string; challenges: { id?: string | null; prompt: string }[] }
> = gql`
  mutation SetChallenges($eventCode: String!, $challenges: [ChallengePromptInput!]!) {
    setChallenges(eventCode: $eventCode, challenges: $challenges) {
      id
      prompt
    }
  }
`;

import type { TypedDocumentNode } from '@apollo/client';
import { gql } from '../api/gql';

export const REQUEST_SIGN_IN_LINK: TypedDocumentNode<
  { requestSignInLink: boolean },
  { email: string; language?: string }
> = gql`
  mutation RequestSignInLink($email: String!, $language: String) {
    requestSignInLink(email: $email, language: $language)
  }
`;

export const SIGN_IN: TypedDocumentNode<{ signIn: { token: string; email: string } }, { token: string }> =
  gql`
    mutation SignIn($token: String!) {
      signIn(token: $token) {
        token
        email
      }
    }
  `;

export const SIGN_OUT: TypedDocumentNode<{ signOut: boolean }, Record<string, never>> = gql`
  mutation SignOut {
    signOut
  }
`;

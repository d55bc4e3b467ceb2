import { gql, type TypedDocumentNode } from '@apollo/client';

export interface Wall {
  code: string;
  name: string;
  intervalSeconds: number;
}

/** The wall a link opens: WALL_LINK_INVALID when its key is not one of the gallery's links. */
export const WALL_QUERY: TypedDocumentNode<{ wall: Wall }, { code: string; key: string }> = gql`
  query Wall($code: String!, $key: String!) {
    wall(code: $code, key: $key) {
      code
      name
      intervalSeconds
    }
  }
`;

/** What every resolver finds in the GraphQL context. */
export interface GraphQLRequestContext {
  /** Who is asking, as the gateway saw it: what rate limits count by. */
  client: string;
  /** The request's Authorization header as the gateway forwarded it: owner actions ask events about it. */
  authorization?: string;
  /** The gallery pass (X-Gallery-Pass) a guest earned with the PIN, read by the access check. */
  pinPass?: string;
  /** The browser's guest identity token as the gateway forwarded it, unchecked: GuestIdentities.verify reads it. */
  guestIdentity?: string;
  /** Runs `done` once the request was answered (or its connection dropped): what it held is given back. */
  whenAnswered(done: () => void): void;
}

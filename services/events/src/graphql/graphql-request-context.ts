/** What every resolver finds in the GraphQL context. */
export interface GraphQLRequestContext {
  /** The request's Authorization header, as the gateway forwarded it. */
  authorization?: string;
  /** The gallery pass (X-Gallery-Pass) a guest earned with the PIN, read by the access check. */
  pinPass?: string;
  /** Who is asking (the client's address as the gateway forwarded it), for the rate limits. */
  client: string;
  /** The browser's guest identity token as the gateway forwarded it, unchecked: RateLimits verifies it. */
  guestIdentity?: string;
}

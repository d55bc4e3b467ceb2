/** What every resolver finds in the GraphQL context. */
export interface GraphQLRequestContext {
  /** The request's Authorization header, as the gateway forwarded it: events decides whether it is the owner's. */
  authorization?: string;
  /** Who is asking (the client's address as the gateway forwarded it), for the rate limits. */
  client: string;
  /** The caller's Accept-Language header: the language of the mails a checkout leads to. */
  acceptLanguage?: string;
}

/** What every resolver finds in the GraphQL context. */
export interface GraphQLRequestContext {
  /** The request's Authorization header, as the gateway forwarded it. */
  authorization?: string;
}

/** What every resolver finds in the GraphQL context. */
export interface GraphQLRequestContext {
  /** Who is asking, as the gateway saw it: what rate limits count by. */
  client: string;
}

import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { GqlExecutionContext } from '@nestjs/graphql';
import { bearerTokenFromHeader, type GraphQLRequestContext } from '@gallery/platform';

/**
 * The bearer token of the GraphQL request (the gateway forwards the browser's Authorization header), or null.
 * Owner-only fields and operations take it and check it with OwnerTokens.
 */
export const BearerToken = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string | null => {
    const graphqlContext = GqlExecutionContext.create(context).getContext<GraphQLRequestContext>();
    return bearerTokenFromHeader(graphqlContext.authorization);
  },
);

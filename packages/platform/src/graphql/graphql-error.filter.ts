import { Catch } from '@nestjs/common';
import type { GqlExceptionFilter } from '@nestjs/graphql';
import { GraphQLError } from 'graphql';

/**
 * GraphQLErrors thrown by resolvers (AppErrors, bad cursors) are answers for the caller, not faults: hand them
 * to GraphQL as they are. Without this filter Nest logs each one as an ERROR with its stack, so every guest
 * reaching a full gallery would look like an incident in the logs.
 */
@Catch(GraphQLError)
export class GraphQLErrorFilter implements GqlExceptionFilter {
  catch(error: GraphQLError): GraphQLError {
    return error;
  }
}

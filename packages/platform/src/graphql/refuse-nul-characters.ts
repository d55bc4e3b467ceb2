import { GraphQLError, visit, type DocumentNode } from 'graphql';
import { englishMessage } from '@gallery/contracts';

/** What the check reads of a request once its operation is known (Apollo Server's request context). */
interface ResolvedRequest {
  document?: DocumentNode;
  request: { variables?: Record<string, unknown> | null };
}

/** Whether a variables value holds a string with a NUL character anywhere: in an input object, a list, a key. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, item]) => key.includes('\0') || holdsNul(item));
  }
  return false;
}

/** Whether a string literal of the operation (`"\u0000"` written in the query itself) holds a NUL character. */
function literalHoldsNul(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    StringValue(node) {
      if (node.value.includes('\0')) found = true;
    },
  });
  return found;
}

/**
 * Every subgraph's Apollo Server plugin refusing a NUL character (U+0000) in any string argument, written in the
 * operation or sent as a variable, top-level or inside input objects and lists: BAD_USER_INPUT before anything
 * runs. No text of the product has one, and PostgreSQL cannot store one in a text column, so it would otherwise
 * reach a query and fail there as INTERNAL. Checked once the operation is parsed and validated, before the
 * access guard and the resolvers; answered with HTTP 200, as resolvers' refusals are, so the gateway hands the
 * error on with its code.
 */
export function refuseNulCharacters() {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ document, request }: ResolvedRequest): Promise<void> {
          if (holdsNul(request.variables) || (document && literalHoldsNul(document))) {
            throw new GraphQLError(englishMessage('validation.forbiddenCharacters'), {
              extensions: { code: 'BAD_USER_INPUT', http: { status: 200 } },
            });
          }
        },
      };
    },
  };
}

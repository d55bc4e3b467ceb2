import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { parse, type DocumentNode, type ValidationRule } from 'graphql';
import { API_LIMITS } from '@gallery/contracts';

type ArmorConfig = NonNullable<ConstructorParameters<typeof ApolloArmor>[0]>;

/**
 * The limits on one GraphQL document (API_LIMITS), as graphql-armor options. A new object each time: armor
 * adds its own rejection handler to the options it is given.
 */
function armorConfig(): ArmorConfig {
  return {
    maxAliases: { n: API_LIMITS.maxAliases },
    maxDepth: { n: API_LIMITS.maxDepth },
    maxTokens: { n: API_LIMITS.maxTokens },
    maxDirectives: { n: API_LIMITS.maxDirectives },
    costLimit: { maxCost: API_LIMITS.maxCost },
  };
}

/** For the HTTP Apollo Server: armor's plugins (token limit while parsing) and validation rules. */
export function apolloDocumentLimits<Context extends BaseContext>(): {
  plugins: ApolloServerPlugin<Context>[];
  validationRules: ValidationRule[];
} {
  const { plugins, validationRules } = new ApolloArmor(armorConfig()).protect();
  // armor's declarations name @apollo/server's CommonJS types; the gateway loads its ESM build, the same code.
  return { plugins: plugins as unknown as ApolloServerPlugin<Context>[], validationRules };
}

/** The same aliases, depth, directives and cost limits as validation rules, for the live sockets. */
export function documentLimitRules(): ValidationRule[] {
  return new ApolloArmor(armorConfig()).protect().validationRules;
}

/** Parses a document, refusing it once it has more tokens than API_LIMITS allows, before it is all read. */
export function parseWithinLimits(query: string): DocumentNode {
  return parse(query, { maxTokens: API_LIMITS.maxTokens });
}

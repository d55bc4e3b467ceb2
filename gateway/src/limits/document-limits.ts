import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import { parse, type DocumentNode, type ParseOptions, type ValidationRule } from 'graphql';
import { API_LIMITS } from '@gallery/contracts';

type ArmorConfig = NonNullable<ConstructorParameters<typeof ApolloArmor>[0]>;

/**
 * The token limit, as graphql-js's own parser enforces it: parsing stops at the first token past the limit.
 * armor's Apollo token plugin is not used: it throws from a hook where Apollo Server answers 500, not 400.
 */
export const LIMITED_PARSE_OPTIONS: ParseOptions = { maxTokens: API_LIMITS.maxTokens };

/**
 * The limits on one GraphQL document (API_LIMITS), as graphql-armor options. A new object each time: armor
 * adds its own rejection handler to the options it is given.
 */
function armorConfig(): ArmorConfig {
  return {
    // Every alias counts, __typename too (armor lets it through by default): 55,000 of them were the flood.
    maxAliases: { n: API_LIMITS.maxAliases, allowList: [] },
    maxDepth: { n: API_LIMITS.maxDepth },
    maxDirectives: { n: API_LIMITS.maxDirectives },
    costLimit: { maxCost: API_LIMITS.maxCost },
    maxTokens: { enabled: false },
  };
}

/** For the HTTP Apollo Server: armor's validation rules and plugins (no field suggestions in errors). */
export function apolloDocumentLimits<Context extends BaseContext>(): {
  plugins: ApolloServerPlugin<Context>[];
  validationRules: ValidationRule[];
  parseOptions: ParseOptions;
} {
  const { plugins, validationRules } = new ApolloArmor(armorConfig()).protect();
  // armor's declarations name @apollo/server's CommonJS types; the gateway loads its ESM build, the same code.
  return {
    plugins: plugins as unknown as ApolloServerPlugin<Context>[],
    validationRules,
    parseOptions: LIMITED_PARSE_OPTIONS,
  };
}

/** The same aliases, depth, directives and cost limits as validation rules, for the live sockets. */
export function documentLimitRules(): ValidationRule[] {
  return new ApolloArmor(armorConfig()).protect().validationRules;
}

/** Parses a document within the token limit, as Apollo Server does over HTTP. */
export function parseWithinLimits(query: string): DocumentNode {
  return parse(query, LIMITED_PARSE_OPTIONS);
}

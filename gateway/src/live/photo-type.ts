import {
  GraphQLID,
  GraphQLInt,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfig,
  type GraphQLScalarType,
} from 'graphql';
import { livePhotoSchema } from '@gallery/contracts';

/** What graphqlScalarFor reads of a zod field: its kind, a string's format, whether a number is whole. */
interface ContractField {
  def: { type: string };
  format?: string | null;
  isInt?: boolean | null;
}

/**
 * The GraphQL scalar for one field of a contract schema, the way the subgraphs declare it: an id is `ID`, a
 * whole number `Int`, any other string (URLs, ISO dates, codes) `String`. Every contract field is required.
 */
export function graphqlScalarFor(field: ContractField): GraphQLScalarType {
  const { type } = field.def;
  const { format } = field;
  if (type === 'string') return format === 'uuid' ? GraphQLID : GraphQLString;
  if (type === 'number' && field.isInt) return GraphQLInt;
  throw new Error(`no GraphQL type for a ${type}${format ? ` (${format})` : ''} contract field`);
}

/** The live schema's Photo, built from the one definition of the photo (`livePhotoSchema`). */
export function photoType(): GraphQLObjectType {
  return new GraphQLObjectType({
    name: 'Photo',
    fields: Object.fromEntries(
      Object.entries(livePhotoSchema.shape).map(
        ([name, field]): [string, GraphQLFieldConfig<unknown, unknown>] => [
          name,
          { type: new GraphQLNonNull(graphqlScalarFor(field)) },
        ],
      ),
    ),
  });
}

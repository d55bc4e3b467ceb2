import {
  GraphQLEnumType,
  GraphQLFloat,
  GraphQLID,
  GraphQLInt,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfig,
  type GraphQLOutputType,
  type GraphQLScalarType,
} from 'graphql';
import { livePhotoSchema } from '@gallery/contracts';

/** What graphqlScalarFor reads of a zod field: its kind, a string's format, whether a number is whole. */
interface ContractField {
  def: { type: string };
  format?: string | null;
  isInt?: boolean | null;
}

/** What photoType reads of a contract field besides its scalar: an enum's values, a nullable's inner type. */
interface ContractFieldShape extends ContractField {
  def: { type: string; innerType?: ContractFieldShape };
  options?: readonly string[];
}

/**
 * The GraphQL scalar for one field of a contract schema, the way the subgraphs declare it: an id is `ID`, a
 * whole number `Int`, any other number `Float`, any other string (URLs, ISO dates, codes) `String`.
 */
export function graphqlScalarFor(field: ContractField): GraphQLScalarType {
  const { type } = field.def;
  const { format } = field;
  if (type === 'string') return format === 'uuid' ? GraphQLID : GraphQLString;
  if (type === 'number') return field.isInt ? GraphQLInt : GraphQLFloat;
  throw new Error(`no GraphQL type for a ${type}${format ? ` (${format})` : ''} contract field`);
}

/** The media subgraph's enums, by the contract field that carries them. */
const ENUM_NAMES: Record<string, string> = { kind: 'MediaKind' };

/** A contract field's GraphQL type, required or not: an enum (named as the media subgraph names it) keeps the
 * contract's values as they are. */
function graphqlTypeFor(name: string, field: ContractFieldShape): GraphQLOutputType {
  // An optional field (absent from older events) is a nullable one to GraphQL, as is a nullable one.
  const optional = field.def.type === 'optional' && field.def.innerType !== undefined;
  const unwrapped = optional ? field.def.innerType! : field;
  const nullable = optional || (unwrapped.def.type === 'nullable' && unwrapped.def.innerType !== undefined);
  const inner =
    unwrapped.def.type === 'nullable' && unwrapped.def.innerType !== undefined
      ? unwrapped.def.innerType
      : unwrapped;
  let type: GraphQLScalarType | GraphQLEnumType;
  if (inner.def.type === 'enum') {
    const enumName = ENUM_NAMES[name];
    if (!enumName) throw new Error(`no GraphQL enum named for the contract field ${name}`);
    const values = Object.fromEntries((inner.options ?? []).map((value) => [value, { value }]));
    type = new GraphQLEnumType({ name: enumName, values });
  } else type = graphqlScalarFor(inner);
  return nullable ? type : new GraphQLNonNull(type);
}

/** The live schema's Photo, built from the one definition of the photo (`livePhotoSchema`). */
export function photoType(): GraphQLObjectType {
  return new GraphQLObjectType({
    name: 'Photo',
    fields: Object.fromEntries(
      Object.entries(livePhotoSchema.shape).map(
        ([name, field]): [string, GraphQLFieldConfig<unknown, unknown>] => [
          name,
          { type: graphqlTypeFor(name, field as unknown as ContractFieldShape) },
        ],
      ),
    ),
  });
}

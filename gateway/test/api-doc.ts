import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isEnumType, isInputObjectType, isObjectType, parse, type GraphQLSchema } from 'graphql';

/** docs/api.graphql, the API as clients read it. */
export const API_DOC = fileURLToPath(new URL('../../docs/api.graphql', import.meta.url));

/** Federation's and the supergraph's own machinery: no client sees these. */
const INTERNAL = /^(join__|link__|_Service$|_Any$|_Entity$|__)/;
// `Query.live`: the live socket's schema needs a Query root; clients query over HTTP.
const INTERNAL_FIELDS = new Set(['Query._service', 'Query._entities', 'Query.live']);

/**
 * Every `Type.field`, `Input.field` and `Enum.VALUE` a schema document names, extensions merged into their type,
 * federation's machinery left out: the names a client can use, to hold the document against the served schema.
 */
export function namesInDocument(sdl: string): Set<string> {
  const names = new Set<string>();
  for (const definition of parse(sdl).definitions) {
    if (!('name' in definition) || !definition.name || INTERNAL.test(definition.name.value)) continue;
    const type = definition.name.value;
    if ('fields' in definition)
      for (const field of definition.fields ?? []) names.add(`${type}.${field.name.value}`);
    if ('values' in definition)
      for (const value of definition.values ?? []) names.add(`${type}.${value.name.value}`);
  }
  for (const name of INTERNAL_FIELDS) names.delete(name);
  return names;
}

/** The same names for a built schema (the live one, served by the gateway itself). */
export function namesInSchema(schema: GraphQLSchema): Set<string> {
  const names = new Set<string>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (INTERNAL.test(type.name)) continue;
    if (isObjectType(type) || isInputObjectType(type))
      for (const field of Object.keys(type.getFields())) names.add(`${type.name}.${field}`);
    if (isEnumType(type)) for (const value of type.getValues()) names.add(`${type.name}.${value.name}`);
  }
  for (const name of INTERNAL_FIELDS) names.delete(name);
  return names;
}

/** What the document names that the served schema lacks, and what the schema serves that it does not name. */
export function apiDocDifferences(
  served: Set<string>,
  documented = namesInDocument(readFileSync(API_DOC, 'utf8')),
) {
  return {
    undocumented: [...served].filter((name) => !documented.has(name)).sort(),
    notServed: [...documented].filter((name) => !served.has(name)).sort(),
  };
}

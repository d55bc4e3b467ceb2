import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { IntrospectAndCompose, RemoteGraphQLDataSource } from '@apollo/gateway';
import {
  buildASTSchema,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  parse,
  valueFromASTUntyped,
  type DirectiveNode,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
  type ObjectTypeDefinitionNode,
} from 'graphql';
import { ACCESS_LEVELS, type OperationAccess } from '@gallery/contracts';
import { createGalleryAt, uploadGuestPhotos, type CreatedGallery } from '../../web/e2e/product-api.js';
import { startProductTest, type ProductTest } from '../../web/e2e/product-test.js';
import { buildLiveSchema } from '../src/live/live-schema.js';
import { apiDocDifferences, namesInDocument, namesInSchema } from './api-doc.js';

// Every operation of the composed schema says who may call it, and every owner-only one refuses a stranger and
// another couple, against the built product (events, media, billing, download and the gateway as processes).
// An operation added without a mark, or marked owner-only without the check behind it, fails here. Under npm test,
// on the product the browser tests share: the couples and the photo are the test's own.

interface Operation {
  /** `Mutation.removePhoto` */
  name: string;
  type: 'Query' | 'Mutation';
  field: GraphQLField<unknown, unknown>;
  access: OperationAccess;
}

const SUBGRAPHS = ['events', 'media', 'billing', 'download', 'backup', 'faces'] as const;

let running: ProductTest | undefined;
let product: ProductTest['product'] | undefined;
let supergraphSdl: string;
/** Each subgraph's schema as it serves it, marks included. */
const subgraphSchemas = new Map<string, GraphQLSchema>();

beforeAll(async () => {
  running = await startProductTest();
  product = running.product;
  const subgraphs = SUBGRAPHS.map((name) => ({
    name,
    url: `http://127.0.0.1:${product!.ports[name]}/graphql`,
  }));
  const composition = await new IntrospectAndCompose({ subgraphs }).initialize({
    update: () => undefined,
    healthCheck: async () => undefined,
    getDataSource: ({ url }) => new RemoteGraphQLDataSource({ url }),
  });
  supergraphSdl = composition.supergraphSdl;
  await composition.cleanup?.();
  for (const { name, url } of subgraphs) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ _service { sdl } }' }),
    });
    const { data } = (await response.json()) as { data: { _service: { sdl: string } } };
    subgraphSchemas.set(name, buildASTSchema(parse(data._service.sdl), { assumeValidSDL: true }));
  }
}, 240_000);

afterAll(async () => {
  await running?.stop();
}, 120_000);

/** The Query and Mutation fields of the composed schema: what a client can call over HTTP. */
function composedOperations(): { type: 'Query' | 'Mutation'; name: string }[] {
  return parse(supergraphSdl).definitions.flatMap((definition) => {
    if (definition.kind !== 'ObjectTypeDefinition') return [];
    const type = definition.name.value;
    if (type !== 'Query' && type !== 'Mutation') return [];
    return ((definition as ObjectTypeDefinitionNode).fields ?? []).map((field) => ({
      type,
      name: field.name.value,
    }));
  });
}

function accessOf(directive: DirectiveNode): OperationAccess {
  return Object.fromEntries(
    (directive.arguments ?? []).map((argument) => [argument.name.value, valueFromASTUntyped(argument.value)]),
  ) as unknown as OperationAccess;
}

/** Each composed operation with the mark of the subgraph serving it (undefined access: none). */
function markedOperations(): (Omit<Operation, 'access'> & { access: OperationAccess | undefined })[] {
  return composedOperations().map(({ type, name }) => {
    for (const schema of subgraphSchemas.values()) {
      const field = schema.getType(type) && (schema.getType(type) as { getFields?: () => object });
      const found = field?.getFields?.() as Record<string, GraphQLField<unknown, unknown>> | undefined;
      const definition = found?.[name];
      if (!definition) continue;
      const directive = definition.astNode?.directives?.find((d) => d.name.value === 'access');
      return { name: `${type}.${name}`, type, field: definition, access: directive && accessOf(directive) };
    }
    throw new Error(`${type}.${name} is in the composed schema but no subgraph serves it`);
  });
}

/** A value of `type` that the schema accepts, for an argument the check does not look at. */
function placeholder(type: GraphQLInputType): unknown {
  const inner = getNullableType(type);
  if (isListType(inner)) return [placeholder(inner.ofType as GraphQLInputType)];
  if (isEnumType(inner)) return inner.getValues()[0].value;
  if (isInputObjectType(inner)) {
    return Object.fromEntries(
      Object.values(inner.getFields())
        .filter((field) => isNonNullType(field.type))
        .map((field) => [field.name, placeholder(field.type)]),
    );
  }
  if (isScalarType(inner)) {
    return { Int: 1, Float: 1, Boolean: true, ID: randomUUID() }[inner.name] ?? 'x';
  }
  throw new Error(`no placeholder for ${String(type)}`);
}

/** The operation as a document, with every required argument and `galleryValue` in the marked one. */
function call(operation: Operation, galleryValue: string): { query: string; variables: object } {
  const args = operation.field.args.filter(
    (arg) => isNonNullType(arg.type) || arg.name === operation.access.argument,
  );
  const variables = Object.fromEntries(
    args.map((arg) => [
      arg.name,
      arg.name === operation.access.argument ? galleryValue : placeholder(arg.type),
    ]),
  );
  const declared = args.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  const passed = args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const returned = getNamedType(operation.field.type);
  const selection = isObjectType(returned) ? ' { __typename }' : '';
  const keyword = operation.type === 'Query' ? 'query' : 'mutation';
  const fieldName = operation.name.split('.')[1];
  return {
    query: `${keyword}${declared ? ` (${declared})` : ''} { ${fieldName}${passed ? `(${passed})` : ''}${selection} }`,
    variables,
  };
}

async function errorCode(request: { query: string; variables: object }, token?: string): Promise<unknown> {
  const response = await fetch(`${product!.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...running!.clientHeaders,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(request),
  });
  const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
  return body.errors?.[0]?.extensions?.code ?? 'no error';
}

describe('who may call each operation', () => {
  it('marks every operation of the composed schema, and every live subscription', () => {
    const operations = markedOperations();
    expect(operations.length).toBeGreaterThan(20);
    // The marks are the subgraphs' business: clients see the schema they always saw.
    expect(supergraphSdl).not.toContain('@access');
    expect(operations.filter((operation) => !operation.access).map((operation) => operation.name)).toEqual(
      [],
    );
    for (const { name, field, access } of operations) {
      expect([name, ACCESS_LEVELS.includes(access!.who)]).toEqual([name, true]);
      if (access!.who === 'guest' || access!.who === 'owner') {
        expect([name, field.args.map((arg) => arg.name)]).toEqual([
          name,
          expect.arrayContaining([access!.argument]),
        ]);
      }
    }

    const live = buildLiveSchema(() => {
      throw new Error('nothing subscribes here');
    });
    const subscriptions = Object.values(live.getSubscriptionType()!.getFields());
    expect(subscriptions.length).toBeGreaterThan(0);
    for (const field of [...subscriptions, ...Object.values(live.getQueryType()!.getFields())]) {
      const access = field.extensions.access as OperationAccess | undefined;
      expect([field.name, access && ACCESS_LEVELS.includes(access.who)]).toEqual([field.name, true]);
      if (access?.argument) expect(field.args.map((arg) => arg.name)).toContain(access.argument);
    }
  });

  describe('every owner-only operation', () => {
    let couple: CreatedGallery;
    let otherCouple: CreatedGallery;
    let photoId: string;

    beforeAll(async () => {
      couple = await createGalleryAt(product!.url);
      otherCouple = await createGalleryAt(product!.url, {
        coupleNames: 'Ana & Luis',
        email: 'ana@example.com',
      });
      [photoId] = await uploadGuestPhotos(product!.url, couple.code, 1);
    }, 60_000);

    /** The value naming the couple's gallery: its code, or for an ID argument its photo (the only such today). */
    function galleryValue(operation: Operation): string {
      const argument = operation.field.args.find((arg) => arg.name === operation.access.argument)!;
      return getNamedType(argument.type).name === 'ID' ? photoId : couple.code;
    }

    it('refuses a stranger (UNAUTHENTICATED) and another couple (NOT_GALLERY_OWNER)', async () => {
      const owned = markedOperations().filter(
        (operation) => operation.access?.who === 'owner',
      ) as Operation[];
      expect(owned.map((operation) => operation.name)).toEqual(
        expect.arrayContaining([
          'Mutation.updateEvent',
          'Mutation.deleteEvent',
          'Mutation.setGuestDownloads',
          'Mutation.setPrivacySettings',
          'Query.galleryAnalytics',
          'Mutation.removePhoto',
          'Query.photoOriginalUrl',
          'Mutation.startCheckout',
          'Mutation.requestRefund',
          'Query.backup',
          'Mutation.connectWebDavBackup',
          'Mutation.startOAuthBackup',
          'Mutation.disconnectBackup',
          'Mutation.backUpEverything',
          'Mutation.setBackupFolderPerGuest',
        ]),
      );
      const answers = [];
      for (const operation of owned) {
        const request = call(operation, galleryValue(operation));
        answers.push({
          operation: operation.name,
          stranger: await errorCode(request),
          otherCouple: await errorCode(request, otherCouple.ownerToken),
          otherCoupleSession: await errorCode(request, otherCouple.sessionToken),
        });
      }
      expect(answers).toEqual(
        owned.map((operation) => ({
          operation: operation.name,
          stranger: 'UNAUTHENTICATED',
          otherCouple: 'NOT_GALLERY_OWNER',
          otherCoupleSession: 'NOT_GALLERY_OWNER',
        })),
      );
    });

    it('refuses a signed-in-only operation to a stranger (UNAUTHENTICATED)', async () => {
      const signedIn = markedOperations().filter(
        (operation) => operation.access?.who === 'signed-in',
      ) as Operation[];
      expect(signedIn.map((operation) => operation.name)).toEqual(
        expect.arrayContaining(['Query.myEvents', 'Mutation.createEvent']),
      );
      for (const operation of signedIn) {
        expect([operation.name, await errorCode(call(operation, ''))]).toEqual([
          operation.name,
          'UNAUTHENTICATED',
        ]);
      }
    });
  });
});

// The composed schema is at hand here: docs/api.graphql is held against it, so the document a client reads
// describes what the gateway serves today.
describe('docs/api.graphql', () => {
  it('names every type, field and enum value that clients can use, and nothing else', () => {
    const live = buildLiveSchema(() => {
      throw new Error('nothing subscribes here');
    });
    const served = new Set([...namesInDocument(supergraphSdl), ...namesInSchema(live)]);
    expect(served.size).toBeGreaterThan(100);
    expect(apiDocDifferences(served)).toEqual({ undocumented: [], notServed: [] });
  });
});

import { getOperationAST, GraphQLError, Kind, type DocumentNode, type ValueNode } from 'graphql';
import { normalizeEventCode } from '@gallery/contracts';

/**
 * What a guest page on a couple's domain may ask, and the argument naming the gallery in each: queries,
 * mutations and subscriptions of the guest page, nothing of the owner's, nothing about another gallery.
 */
const GUEST_FIELDS: Readonly<Record<string, string | null>> = {
  __typename: null,
  event: 'code',
  archiveJob: 'eventCode',
  requestArchive: 'eventCode',
  requestPhotoUploads: 'eventCode',
  confirmPhotoUpload: 'eventCode',
  recordGalleryActivity: 'eventCode',
  photoAdded: 'eventCode',
  eventUpdated: 'eventCode',
  archiveProgress: 'eventCode',
  photoRemoved: 'eventCode',
};

export const OUTSIDE_THE_GALLERY = 'This address shows one gallery only.';

/**
 * Null when the operation only asks what the guest page of gallery `code` asks, about that gallery; else the
 * error to answer. Every root field must be a guest field whose gallery argument is `code` (written in the
 * document or given as a variable); fragments at the root are refused rather than followed.
 */
export function outsideGallery(
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> | null | undefined,
  code: string,
): GraphQLError | null {
  const operation = getOperationAST(document, operationName ?? undefined);
  if (!operation) return refusal();
  for (const selection of operation.selectionSet.selections) {
    if (selection.kind !== Kind.FIELD) return refusal();
    const name = selection.name.value;
    if (!Object.prototype.hasOwnProperty.call(GUEST_FIELDS, name)) return refusal();
    const argumentName = GUEST_FIELDS[name];
    if (argumentName === null) continue;
    const argument = selection.arguments?.find((candidate) => candidate.name.value === argumentName);
    const value = argument && valueOf(argument.value, variables ?? {});
    if (typeof value !== 'string' || normalizeEventCode(value) !== code) return refusal();
  }
  return null;
}

function valueOf(node: ValueNode, variables: Record<string, unknown>): unknown {
  if (node.kind === Kind.STRING) return node.value;
  if (node.kind === Kind.VARIABLE) return variables[node.name.value];
  return undefined;
}

function refusal(): GraphQLError {
  return new GraphQLError(OUTSIDE_THE_GALLERY, { extensions: { code: 'FORBIDDEN' } });
}

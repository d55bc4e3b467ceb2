import { getOperationAST, GraphQLError, Kind, type DocumentNode, type ValueNode } from 'graphql';
import { normalizeEventCode } from '@gallery/contracts';

/**
 * What the guest pages on a couple's domain (the gallery and its "Find me" page) may ask, and the argument naming
 * the gallery in each (null: none, the operation names no gallery): the queries, mutations and subscriptions a
 * guest sends there, nothing of the owner's, nothing about another gallery. guest-page-operations.spec.ts reads
 * the web app's documents: each guest operation the pages send is here, and nothing else is.
 */
export const GUEST_FIELDS: Readonly<Record<string, string | null>> = {
  __typename: null,
  // The browser's guest identity ("my photos", hearts, the guestbook), asked once before the first gallery.
  issueGuestIdentity: null,
  event: 'code',
  enterGalleryPin: 'code',
  recordGalleryActivity: 'eventCode',
  askForPhotosReadyMail: 'eventCode',
  requestPhotoUploads: 'eventCode',
  requestUploadParts: 'eventCode',
  confirmPhotoUpload: 'eventCode',
  deleteOwnPhoto: 'eventCode',
  setHeart: 'eventCode',
  myHeartedPhotoIds: 'eventCode',
  guestbookMessages: 'eventCode',
  leaveGuestbookMessage: 'eventCode',
  requestArchive: 'eventCode',
  archiveJob: 'eventCode',
  findMeAvailable: 'eventCode',
  findMe: 'eventCode',
  requestPhotosArchive: 'eventCode',
  photoAdded: 'eventCode',
  photoRemoved: 'eventCode',
  photosRevealed: 'eventCode',
  gallerySettingsChanged: 'eventCode',
  eventUpdated: 'eventCode',
  archiveProgress: 'eventCode',
  heartCountsChanged: 'eventCode',
  guestbookMessageAdded: 'eventCode',
  guestbookMessageRemoved: 'eventCode',
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

import { describe, expect, it } from '@jest/globals';
import { Kind, type DocumentNode, type FragmentDefinitionNode } from 'graphql';
import { LIVE_PHOTO_FIELDS } from '@gallery/contracts';
import { CONFIRM_PHOTO_UPLOAD, GALLERY_QUERY, MORE_PHOTOS_QUERY, PHOTO_ADDED_SUBSCRIPTION } from './graphql';

function photoFragment(document: DocumentNode): FragmentDefinitionNode | undefined {
  return document.definitions.find(
    (definition): definition is FragmentDefinitionNode =>
      definition.kind === Kind.FRAGMENT_DEFINITION && definition.name.value === 'GalleryPhoto',
  );
}

describe('the gallery photo fragment', () => {
  it.each([
    ['the first read', GALLERY_QUERY],
    ['older pages', MORE_PHOTOS_QUERY],
    ['live photos', PHOTO_ADDED_SUBSCRIPTION],
    ['confirmed uploads', CONFIRM_PHOTO_UPLOAD],
  ])('selects exactly the fields of the photo contract for %s', (_, document) => {
    const fields = photoFragment(document)?.selectionSet.selections.map((selection) =>
      selection.kind === Kind.FIELD ? selection.name.value : selection.kind,
    );
    expect(fields?.sort()).toEqual([...LIVE_PHOTO_FIELDS].sort());
  });
});

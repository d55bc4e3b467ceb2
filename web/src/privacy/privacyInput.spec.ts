import { describe, expect, it } from '@jest/globals';
import { privacyInput, type PrivacySettings } from './graphql';

const saved = {
  __typename: 'PrivacySettings',
  uploadsOpenAt: '2027-06-12T14:00:00.000Z',
  uploadsCloseAt: null,
  guestOriginalsAllowed: true,
  visibility: 'REVEAL',
  revealAt: '2027-06-13T09:00:00.000Z',
  ownerDownloadsKeepMetadata: false,
  approval: true,
} as PrivacySettings;

describe('what a privacy control sends', () => {
  it('is the window and the originals as saved with its own change, and no other setting', () => {
    expect(privacyInput(saved, { approval: false })).toEqual({
      uploadsOpenAt: '2027-06-12T14:00:00.000Z',
      uploadsCloseAt: null,
      guestOriginalsAllowed: true,
      approval: false,
    });
    expect(privacyInput(saved, { guestOriginalsAllowed: false })).toEqual({
      uploadsOpenAt: '2027-06-12T14:00:00.000Z',
      uploadsCloseAt: null,
      guestOriginalsAllowed: false,
    });
    expect(privacyInput(saved, { visibility: 'EVERYONE', revealAt: null })).toEqual({
      uploadsOpenAt: '2027-06-12T14:00:00.000Z',
      uploadsCloseAt: null,
      guestOriginalsAllowed: true,
      visibility: 'EVERYONE',
      revealAt: null,
    });
  });
});

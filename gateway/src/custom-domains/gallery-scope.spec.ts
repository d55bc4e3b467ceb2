import { describe, expect, it } from '@jest/globals';
import { parse } from 'graphql';
import { outsideGallery } from './gallery-scope.js';

const CODE = 'KXMP7TQR';
const allowed = (query: string, variables?: Record<string, unknown>, operationName?: string) =>
  outsideGallery(parse(query), operationName, variables, CODE) === null;

describe('outsideGallery: what a guest page on a couple’s domain may ask', () => {
  it('lets the guest page ask about its own gallery', () => {
    expect(allowed(`{ event(code: "${CODE}") { code name } }`)).toBe(true);
    expect(allowed(`{ event(code: "kxmp7tqr") { code } }`)).toBe(true);
    expect(allowed('query ($c: String!) { event(code: $c) { code } __typename }', { c: CODE })).toBe(true);
    expect(
      allowed('mutation ($c: String!) { requestPhotoUploads(eventCode: $c, files: []) { uploadId } }', {
        c: CODE,
      }),
    ).toBe(true);
    expect(allowed('subscription ($c: String!) { photoAdded(eventCode: $c) { id } }', { c: CODE })).toBe(
      true,
    );
  });

  it('refuses another gallery, owner operations and anything it cannot read', () => {
    expect(allowed('{ event(code: "HWYC3NAD") { code } }')).toBe(false);
    expect(allowed('query ($c: String!) { event(code: $c) { code } }', { c: 'HWYC3NAD' })).toBe(false);
    expect(allowed(`{ event(code: "${CODE}") { code } other: event(code: "HWYC3NAD") { code } }`)).toBe(
      false,
    );
    expect(allowed('{ me { email } }')).toBe(false);
    expect(allowed(`mutation { setGuestDownloads(eventCode: "${CODE}", allowed: true) { code } }`)).toBe(
      false,
    );
    expect(allowed(`mutation { removeCustomDomain(eventCode: "${CODE}") }`)).toBe(false);
    expect(allowed('{ event { code } }')).toBe(false);
    expect(allowed('query ($c: String) { event(code: $c) { code } }', {})).toBe(false);
    expect(allowed(`{ ...F } fragment F on Query { event(code: "${CODE}") { code } }`)).toBe(false);
    expect(allowed(`{ ... on Query { event(code: "${CODE}") { code } } }`)).toBe(false);
    // Two operations and no name: which one would run is not for this check to guess.
    expect(allowed(`query A { event(code: "${CODE}") { code } } query B { me { email } }`)).toBe(false);
    expect(
      allowed(`query A { event(code: "${CODE}") { code } } query B { me { email } }`, undefined, 'B'),
    ).toBe(false);
  });
});

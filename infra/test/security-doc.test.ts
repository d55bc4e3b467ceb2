import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import {
  API_LIMITS,
  ARCHIVE_RETENTION_DAYS,
  BUNDLE_LIMITS,
  CREDIT_VALIDITY_DAYS,
  ARCHIVE_URL_SECONDS,
  GALLERY_PHOTOS_PAGE_LIMIT,
  MAX_FILES_PER_REQUEST,
  MAX_GUEST_NAME_CHARS,
  MAX_PENDING_UPLOADS_PER_GALLERY,
  MAX_PHOTO_MEGABYTES,
  MAX_PHOTO_MEGAPIXELS,
  MAX_VIDEO_MEGABYTES,
  GRACE_PERIOD_DAYS,
  ORDER_FIELD_MAX_LENGTH,
  CONTACT_FIELD_MAX_LENGTH,
  OWNER_LIMITS,
  PURGE_REMINDER_DAYS,
  GUEST_RATE_LIMITS,
  RATE_LIMITS,
  CUSTOM_DOMAIN_LIMITS,
  CHALLENGE_LIMITS,
  TABLE_CARD_LIMITS,
  SUBGRAPH_DEADLINES,
} from '@gallery/contracts';

// docs/security.md is where people learn each limit: it must name every one with the number the code uses.
const doc = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'security.md'), 'utf8');

/** The table row of docs/security.md that names `name` in backquotes. */
function rowOf(name: string): string {
  // The row the name heads: other tables may mention it in passing.
  const row = doc.split('\n').find((line) => new RegExp(`^\\|\\s*\`${name}\``).test(line));
  if (!row) throw new Error(`docs/security.md has no table row for ${name}`);
  return row;
}

describe('docs/security.md', () => {
  it.each(Object.entries(RATE_LIMITS))('states the rate limit %s as the code counts it', (name, limit) => {
    const row = rowOf(`RATE_LIMITS.${name}`);
    expect(row).toContain(`${limit.points} per ${limit.durationSeconds} s`);
  });

  it.each(Object.entries(GUEST_RATE_LIMITS))(
    'states the guest rate limit %s per guest and per address as the code counts it',
    (name, { perGuest, perAddress }) => {
      const row = rowOf(`GUEST_RATE_LIMITS.${name}`);
      expect(row).toContain(`${perGuest.points} per ${perGuest.durationSeconds} s`);
      expect(row).toContain(`${perAddress.points} per ${perAddress.durationSeconds} s`);
    },
  );

  it.each(Object.entries(CUSTOM_DOMAIN_LIMITS))('states the custom domain limit %s', (name, value) => {
    expect(rowOf(`CUSTOM_DOMAIN_LIMITS.${name}`)).toContain(`| ${value}`);
  });

  it.each(Object.entries(CHALLENGE_LIMITS))('states the photo challenge limit %s', (name, value) => {
    expect(rowOf(`CHALLENGE_LIMITS.${name}`)).toContain(`| ${value}`);
  });

  it.each(Object.entries(TABLE_CARD_LIMITS))('states the table card limit %s', (name, value) => {
    expect(rowOf(`TABLE_CARD_LIMITS.${name}`)).toContain(`| ${value}`);
  });

  it.each(Object.entries(API_LIMITS))('states the API limit %s with its number', (name, value) => {
    expect(rowOf(`API_LIMITS.${name}`)).toContain(`| ${value}`);
  });

  it.each(Object.entries(SUBGRAPH_DEADLINES))(
    'states the deadline %s on a subgraph with its number',
    (name, value) => {
      expect(rowOf(`SUBGRAPH_DEADLINES.${name}`)).toContain(`| ${value}`);
    },
  );

  it.each(Object.entries(CONTACT_FIELD_MAX_LENGTH))('states the contact field limit %s', (name, value) => {
    expect(rowOf(`CONTACT_FIELD_MAX_LENGTH.${name}`)).toContain(`| ${value}`);
  });

  it.each(Object.entries(ORDER_FIELD_MAX_LENGTH))(
    'states the length cap of the order field %s',
    (name, value) => {
      expect(rowOf(`ORDER_FIELD_MAX_LENGTH.${name}`)).toContain(`| ${value}`);
    },
  );

  it('states the upload limits with their numbers', () => {
    expect(rowOf('MAX_PHOTO_MEGABYTES')).toContain(`| ${MAX_PHOTO_MEGABYTES}`);
    expect(rowOf('MAX_PHOTO_MEGAPIXELS')).toContain(`| ${MAX_PHOTO_MEGAPIXELS}`);
    expect(rowOf('MAX_FILES_PER_REQUEST')).toContain(`| ${MAX_FILES_PER_REQUEST}`);
    expect(rowOf('MAX_PENDING_UPLOADS_PER_GALLERY')).toContain(`| ${MAX_PENDING_UPLOADS_PER_GALLERY}`);
    expect(rowOf('MAX_VIDEO_MEGABYTES')).toContain(`| ${MAX_VIDEO_MEGABYTES}`);
    expect(rowOf('MAX_GUEST_NAME_CHARS')).toContain(`| ${MAX_GUEST_NAME_CHARS}`);
  });

  it('states the Download All limits with their numbers', () => {
    expect(rowOf('GALLERY_PHOTOS_PAGE_LIMIT')).toContain(`| ${GALLERY_PHOTOS_PAGE_LIMIT}`);
    expect(rowOf('ARCHIVE_URL_SECONDS')).toContain(`| ${ARCHIVE_URL_SECONDS}`);
    expect(rowOf('ARCHIVE_RETENTION_DAYS')).toContain(`| ${ARCHIVE_RETENTION_DAYS}`);
  });

  it("states the couple's side limits with their numbers", () => {
    for (const [name, value] of Object.entries(OWNER_LIMITS)) {
      expect(rowOf(`OWNER_LIMITS.${name}`)).toContain(`| ${value}`);
    }
    expect(rowOf('GRACE_PERIOD_DAYS')).toContain(`| ${GRACE_PERIOD_DAYS}`);
    expect(rowOf('PURGE_REMINDER_DAYS')).toContain(`| ${PURGE_REMINDER_DAYS}`);
  });

  it('states the event bundle limits with their numbers', () => {
    for (const [name, value] of Object.entries(BUNDLE_LIMITS)) {
      expect(rowOf(`BUNDLE_LIMITS.${name}`)).toContain(`| ${value}`);
    }
    expect(rowOf('CREDIT_VALIDITY_DAYS')).toContain(`| ${CREDIT_VALIDITY_DAYS}`);
  });
});

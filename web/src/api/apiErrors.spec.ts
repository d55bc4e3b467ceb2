import { describe, expect, it } from '@jest/globals';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client';
import {
  fieldOf,
  isRetryable,
  MAX_RETRY_AFTER_MS,
  MIN_RETRY_AFTER_MS,
  readApiError,
  retryAfterMs,
} from './apiErrors';

const answered = (extensions: Record<string, unknown>) =>
  new CombinedGraphQLErrors({ errors: [{ message: 'refused', extensions }] });

describe('reading an API error', () => {
  it('takes the code and the count the server gave', () => {
    expect(readApiError(answered({ code: 'RATE_LIMITED', count: 540 }))).toMatchObject({
      code: 'RATE_LIMITED',
      count: 540,
    });
    expect(readApiError(answered({ code: 'SOMETHING_NEW' })).code).toBe('INTERNAL');
  });

  it('counts a request with no GraphQL answer as a service not answering, to be tried again', () => {
    const noAnswers = [
      new TypeError('Failed to fetch'),
      new ServerError('Bad Gateway', { response: new Response(null, { status: 502 }), bodyText: '' }),
    ];
    for (const error of noAnswers) {
      expect(readApiError(error).code).toBe('SERVICE_UNAVAILABLE');
      expect(isRetryable(readApiError(error))).toBe(true);
    }
    expect(isRetryable(readApiError(answered({ code: 'SERVICE_UNAVAILABLE' })))).toBe(true);
    expect(isRetryable(readApiError(answered({ code: 'PHOTO_LIMIT_REACHED' })))).toBe(false);
  });
});

describe('the wait after a refusal for going too fast', () => {
  const waitFor = (extensions: Record<string, unknown>) => retryAfterMs(readApiError(answered(extensions)));

  it('is the seconds the server gave, within a second and five minutes', () => {
    expect(waitFor({ code: 'RATE_LIMITED', count: 3 })).toBe(3000);
    expect(waitFor({ code: 'RATE_LIMITED', count: 0 })).toBe(MIN_RETRY_AFTER_MS);
    expect(waitFor({ code: 'RATE_LIMITED' })).toBe(MIN_RETRY_AFTER_MS);
    expect(waitFor({ code: 'RATE_LIMITED', count: 3600 })).toBe(MAX_RETRY_AFTER_MS);
  });

  it('waits out a gallery whose upload slots are all taken too, 10 s when the server gave no count', () => {
    expect(waitFor({ code: 'UPLOADS_BUSY', count: 4 })).toBe(4000);
    expect(waitFor({ code: 'UPLOADS_BUSY' })).toBe(10_000);
    expect(waitFor({ code: 'PHOTO_LIMIT_REACHED', count: 50 })).toBeNull();
  });

  it('is none for any other refusal or a lost answer', () => {
    expect(waitFor({ code: 'PHOTO_LIMIT_REACHED', count: 50 })).toBeNull();
    expect(retryAfterMs(readApiError(new TypeError('Failed to fetch')))).toBeNull();
  });
});

describe("one field's outcome from an answer carrying two", () => {
  const refusal = (code: string, path?: string[]) => ({ message: code, path, extensions: { code } });
  const answer = (data: Record<string, unknown> | null, ...errors: ReturnType<typeof refusal>[]) => ({
    data,
    error: errors.length > 0 ? new CombinedGraphQLErrors({ data, errors }) : undefined,
  });

  it("gives each field its value, or throws that field's own refusal", () => {
    expect(
      fieldOf(answer({ confirmPhotoUpload: { id: 'p' }, requestPhotoUploads: [] }), 'confirmPhotoUpload'),
    ).toEqual({ id: 'p' });
    const refused = answer(null, refusal('RATE_LIMITED', ['requestPhotoUploads']));
    expect(() => fieldOf(refused, 'requestPhotoUploads')).toThrow(CombinedGraphQLErrors);
    let thrown: unknown;
    try {
      fieldOf(refused, 'requestPhotoUploads');
    } catch (error) {
      thrown = error;
    }
    expect(readApiError(thrown).code).toBe('RATE_LIMITED');
    // The other field was nulled by that refusal, not refused: no value, no error of its own.
    expect(fieldOf(refused, 'confirmPhotoUpload')).toBeUndefined();
  });

  it('throws a refusal of the whole request, and a lost answer, for every field', () => {
    const whole = answer(null, refusal('SERVICE_UNAVAILABLE'));
    for (const field of ['confirmPhotoUpload', 'requestPhotoUploads']) {
      expect(() => fieldOf(whole, field)).toThrow(CombinedGraphQLErrors);
      expect(() => fieldOf({ error: new TypeError('Failed to fetch') }, field)).toThrow(TypeError);
    }
  });
});

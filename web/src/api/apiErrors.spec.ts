import { describe, expect, it } from '@jest/globals';
import { CombinedGraphQLErrors, ServerError } from '@apollo/client';
import { isRetryable, readApiError } from './apiErrors';

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

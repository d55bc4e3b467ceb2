import { describe, expect, it } from '@jest/globals';
import { InMemoryCache } from '@apollo/client';
import { PAID_EVENT_QUERY } from './graphql';
import { applyEventUpdate } from './useEventUpdates';

describe('a live plan change', () => {
  it('updates the cached gallery every query shows, and only that gallery', () => {
    const cache = new InMemoryCache({ typePolicies: { Event: { keyFields: ['code'] } } });
    for (const code of ['ACDEFGHJ', 'KMNPQRTU']) {
      // As the server answers: with the __typename the cache keys Events by.
      const event = {
        __typename: 'Event',
        code,
        name: 'Sarah & Mike',
        plan: 'FREE',
        expiresAt: '2026-11-29T10:00:00Z',
      } as const;
      cache.writeQuery({ query: PAID_EVENT_QUERY, variables: { code }, data: { event } });
    }
    applyEventUpdate(cache, { code: 'ACDEFGHJ', plan: 'PREMIUM', expiresAt: '2027-11-22T10:00:00Z' });
    const read = (code: string) => cache.readQuery({ query: PAID_EVENT_QUERY, variables: { code } })?.event;
    expect(read('ACDEFGHJ')).toMatchObject({ plan: 'PREMIUM', expiresAt: '2027-11-22T10:00:00Z' });
    expect(read('KMNPQRTU')).toMatchObject({ plan: 'FREE', expiresAt: '2026-11-29T10:00:00Z' });
  });
});

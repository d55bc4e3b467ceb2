import { describe, expect, it } from '@jest/globals';
import { ApolloClient, ApolloLink, gql, HttpLink, InMemoryCache } from '@apollo/client';
import { readApiError } from './apiErrors';
import { queryTimeoutLink } from './queryTimeout';

// A request a venue's Wi-Fi left hanging, neither answered nor failed: only its signal ends it.
const hangs: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  });

/** Answers after `ms`, unless its signal aborted first. */
const answersAfter =
  (ms: number): typeof fetch =>
  (_input, init) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          resolve(
            new Response(JSON.stringify({ data: { done: true } }), {
              headers: { 'content-type': 'application/json' },
            }),
          ),
        ms,
      );
      init?.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(init.signal?.reason);
      });
    });

function clientWith(fetcher: typeof fetch, timeoutMs: number) {
  return new ApolloClient({
    link: ApolloLink.from([
      queryTimeoutLink(timeoutMs),
      new HttpLink({ uri: 'http://gateway.test/graphql', fetch: fetcher }),
    ]),
    cache: new InMemoryCache(),
  });
}

describe('queryTimeoutLink', () => {
  it('ends a query left without an answer as a lost one, which its caller tries again', async () => {
    const client = clientWith(hangs, 50);
    const failure = await client
      .query({
        query: gql`
          query Hangs {
            done
          }
        `,
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).not.toBeNull();
    expect(readApiError(failure).code).toBe('SERVICE_UNAVAILABLE');
  });

  it('leaves a query answered in time, and a mutation however long it takes', async () => {
    const client = clientWith(answersAfter(150), 50);
    await expect(
      client.mutate({
        mutation: gql`
          mutation Slow {
            done
          }
        `,
      }),
    ).resolves.toMatchObject({
      data: { done: true },
    });
    const quick = clientWith(answersAfter(5), 1000);
    await expect(
      quick.query({
        query: gql`
          query Quick {
            done
          }
        `,
      }),
    ).resolves.toMatchObject({
      data: { done: true },
    });
  });

  it("keeps the caller's own signal: a query the caller cancels ends at once", async () => {
    const client = clientWith(hangs, 60_000);
    const cancel = new AbortController();
    const asked = client.query({
      query: gql`
        query Cancelled {
          done
        }
      `,
      context: { fetchOptions: { signal: cancel.signal } },
    });
    cancel.abort();
    await expect(asked).rejects.toBeDefined();
  });
});

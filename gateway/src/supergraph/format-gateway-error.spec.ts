import { describe, expect, it, jest } from '@jest/globals';
import { GraphQLError } from 'graphql';
import { formatGatewayError } from './format-gateway-error.js';

describe('formatGatewayError', () => {
  it("passes a subgraph's coded error through without the gateway's internals", () => {
    const formatted = {
      message: 'Gallery not found',
      path: ['event'],
      extensions: { code: 'GALLERY_NOT_FOUND', serviceName: 'events', stacktrace: ['at x'] },
    };

    expect(formatGatewayError(formatted, new GraphQLError('Gallery not found'))).toEqual({
      message: 'Gallery not found',
      path: ['event'],
      extensions: { code: 'GALLERY_NOT_FOUND' },
    });
  });

  it('reports a subgraph that refuses connections as SERVICE_UNAVAILABLE and logs why', () => {
    const refused = new TypeError('fetch failed', {
      cause: new Error('connect ECONNREFUSED 127.0.0.1:5102'),
    });
    const log = jest.fn();

    const result = formatGatewayError(
      { message: refused.message, extensions: { code: 'INTERNAL_SERVER_ERROR' } },
      refused,
      log,
    );

    expect(result).toEqual({
      message: 'The gallery service is not answering right now. Please try again in a moment.',
      extensions: { code: 'SERVICE_UNAVAILABLE' },
    });
    expect(log).toHaveBeenCalledWith(expect.stringContaining('ECONNREFUSED'));
  });

  it('reports a subgraph given up at its deadline as SERVICE_UNAVAILABLE', () => {
    // What subgraphFetcher (http/subgraph-fetch.ts) rejects with when a subgraph has not answered in time.
    const givenUp = Object.assign(new Error('http://127.0.0.1:5102/graphql gave no answer within 5000 ms'), {
      code: 'ETIMEDOUT',
    });

    expect(formatGatewayError({ message: 'x' }, givenUp, () => undefined).extensions).toEqual({
      code: 'SERVICE_UNAVAILABLE',
    });
  });

  it('reports a request cut off by a subgraph that died mid-answer as SERVICE_UNAVAILABLE, to be tried again', () => {
    // What undici's request rejects with when the subgraph's process is killed while it answers.
    const cut = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
    const log = jest.fn();

    const result = formatGatewayError(
      { message: cut.message, path: ['confirmPhotoUpload'], extensions: { code: 'INTERNAL_SERVER_ERROR' } },
      new GraphQLError(cut.message, { originalError: cut }),
      log,
    );

    expect(result).toEqual({
      message: 'The gallery service is not answering right now. Please try again in a moment.',
      path: ['confirmPhotoUpload'],
      extensions: { code: 'SERVICE_UNAVAILABLE' },
    });
  });

  it('reports a subgraph answering 502 as SERVICE_UNAVAILABLE, hiding its response', () => {
    const formatted = {
      message: '502: Bad Gateway',
      extensions: {
        code: 'INTERNAL_SERVER_ERROR',
        response: { status: 502, url: 'http://media:5102/graphql' },
      },
    };

    expect(formatGatewayError(formatted, new GraphQLError(formatted.message), jest.fn())).toEqual({
      message: 'The gallery service is not answering right now. Please try again in a moment.',
      extensions: { code: 'SERVICE_UNAVAILABLE' },
    });
  });

  it('tells a caller who sent no query what was wrong', () => {
    expect(
      formatGatewayError({ message: 'GET query missing.', extensions: { code: 'BAD_REQUEST' } }, null),
    ).toEqual({
      message: 'GET query missing.',
      extensions: { code: 'BAD_REQUEST' },
    });
  });

  it('hides an unexpected failure behind INTERNAL', () => {
    const log = jest.fn();
    const failure = new TypeError("Cannot read properties of undefined (reading 'id')");

    expect(
      formatGatewayError(
        { message: failure.message, extensions: { code: 'INTERNAL_SERVER_ERROR' } },
        failure,
        log,
      ),
    ).toEqual({
      message: 'Something went wrong on our side. Please try again.',
      extensions: { code: 'INTERNAL' },
    });
    expect(log).toHaveBeenCalledWith(expect.stringContaining(failure.message));
  });
});

import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { createJsonLogger, logLevelFromEnv } from './logger.js';
import { metricsPortFromEnv } from './metrics-server.js';
import { JsonNestLogger } from './nest-logger.js';
import { acceptedRequestId, runWithRequestContext } from './request-context.js';
import { loggedPath } from './request-logging.js';

/** A logger writing into an array, one parsed object a line. */
function capturedLogger(): { lines: Record<string, unknown>[]; logger: JsonNestLogger } {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: new JsonNestLogger(createJsonLogger(destination, 'debug')) };
}

describe('log lines', () => {
  it("write Nest's log calls as JSON with their context and the request and event being handled", () => {
    const { lines, logger } = capturedLogger();

    runWithRequestContext({ requestId: 'r-1', galleryCode: 'ACDEFGHJ', eventId: 'e-1' }, () =>
      logger.warn('photo.uploaded e-1: database down', 'GalleryChangesConsumer'),
    );
    logger.log('media service listening on 127.0.0.1:5102', 'Media');

    expect(lines[0]).toMatchObject({
      level: 'warn',
      msg: 'photo.uploaded e-1: database down',
      context: 'GalleryChangesConsumer',
      requestId: 'r-1',
      galleryCode: 'ACDEFGHJ',
      eventId: 'e-1',
    });
    expect(lines[1]).toMatchObject({ level: 'info', context: 'Media' });
    expect(lines[1]).not.toHaveProperty('requestId');
  });

  it("tell an error's stack from its context as Nest does", () => {
    const { lines, logger } = capturedLogger();

    logger.error('zip failed', 'Error: boom\n    at build (archive-builder.ts:1:1)');
    logger.error('zip failed', 'ArchiveBuilder');
    logger.error('zip failed', 'Error: boom\n    at x', 'ArchiveBuilder');

    expect(lines[0]).toMatchObject({ stack: expect.stringContaining('at build') });
    expect(lines[0]).not.toHaveProperty('context');
    expect(lines[1]).toMatchObject({ context: 'ArchiveBuilder' });
    expect(lines[2]).toMatchObject({ context: 'ArchiveBuilder', stack: expect.stringContaining('boom') });
  });
});

describe('request ids', () => {
  it("keep the caller's id when it looks like one and mint one otherwise", () => {
    expect(acceptedRequestId('a1b2-c3.d4:e5_f6')).toBe('a1b2-c3.d4:e5_f6');
    expect(acceptedRequestId(['first', 'second'])).toBe('first');
    for (const written of [undefined, '', 'has space', '{"json":1}', 'x'.repeat(129)]) {
      expect(acceptedRequestId(written)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('request paths in log lines', () => {
  it('leave out the query and the token of a one-click unsubscribe link', () => {
    expect(loggedPath('/graphql?token=secret')).toBe('/graphql');
    expect(loggedPath('/media/photos/abc/preview')).toBe('/media/photos/abc/preview');
    expect(loggedPath('/unsubscribe/0b6c1f1e-7d1a-4a53-9d43-2a3c4b5d6e7f.c2lnbmF0dXJl?page=1')).toBe(
      '/unsubscribe/{token}',
    );
    expect(loggedPath('/unsubscribe/digest-ACDE3467.c2lnbmF0dXJl')).toBe('/unsubscribe/{token}');
  });
});

describe('settings', () => {
  it('refuse a LOG_LEVEL or METRICS_PORT that names nothing, with what would do', () => {
    expect(logLevelFromEnv(undefined)).toBe('info');
    expect(logLevelFromEnv('warn')).toBe('warn');
    expect(() => logLevelFromEnv('loud')).toThrow('LOG_LEVEL must be one of fatal, error, warn, info');
    expect(metricsPortFromEnv(undefined)).toBeUndefined();
    expect(metricsPortFromEnv('9402')).toBe(9402);
    expect(() => metricsPortFromEnv('metrics')).toThrow('METRICS_PORT must be a port number');
    expect(() => metricsPortFromEnv('70000')).toThrow('METRICS_PORT must be a port number');
  });
});

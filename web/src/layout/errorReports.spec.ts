import { describe, expect, it } from '@jest/globals';
import { appendErrorReport, createErrorReport, parseErrorReports, type ErrorReport } from './errorReports';

const context = { now: new Date('2026-06-01T12:00:00Z'), userAgent: 'test-agent', url: 'http://x/order' };

describe('error reports', () => {
  it('records message, stacks, time, user agent and url', () => {
    const report = createErrorReport(new Error('boom'), '\n    at Page', context);
    expect(report).toMatchObject({
      message: 'boom',
      componentStack: '\n    at Page',
      timestamp: '2026-06-01T12:00:00.000Z',
      userAgent: 'test-agent',
      url: 'http://x/order',
    });
    expect(report.stack).toContain('boom');
    expect(createErrorReport('plain', null, context).message).toBe('plain');
  });

  it('keeps the last 10', () => {
    let reports: ErrorReport[] = [];
    for (let i = 0; i < 12; i++) {
      reports = appendErrorReport(reports, createErrorReport(new Error(`e${i}`), null, context));
    }
    expect(reports).toHaveLength(10);
    expect(reports[0].message).toBe('e2');
    expect(reports[9].message).toBe('e11');
  });

  it('reads broken storage as no reports', () => {
    expect(parseErrorReports(null)).toEqual([]);
    expect(parseErrorReports('{not json')).toEqual([]);
    expect(parseErrorReports('{"a":1}')).toEqual([]);
  });
});

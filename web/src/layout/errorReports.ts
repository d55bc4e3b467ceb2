import { readStorage, writeStorage } from '../session/storage';

export const ERROR_REPORTS_KEY = 'error-reports';
export const MAX_ERROR_REPORTS = 10;

export interface ErrorReport {
  message: string;
  stack?: string;
  componentStack?: string;
  timestamp: string;
  userAgent: string;
  url: string;
}

export function createErrorReport(
  error: unknown,
  componentStack: string | null | undefined,
  context: { now: Date; userAgent: string; url: string },
): ErrorReport {
  const err = error instanceof Error ? error : new Error(String(error));
  return {
    message: err.message,
    stack: err.stack,
    componentStack: componentStack ?? undefined,
    timestamp: context.now.toISOString(),
    userAgent: context.userAgent,
    url: context.url,
  };
}

/** The stored reports plus the new one, keeping only the last `max`. */
export function appendErrorReport(
  reports: ErrorReport[],
  report: ErrorReport,
  max = MAX_ERROR_REPORTS,
): ErrorReport[] {
  return [...reports, report].slice(-max);
}

export function parseErrorReports(raw: string | null): ErrorReport[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? (value as ErrorReport[]) : [];
  } catch {
    return [];
  }
}

export function saveErrorReport(report: ErrorReport): void {
  const reports = appendErrorReport(parseErrorReports(readStorage(ERROR_REPORTS_KEY)), report);
  writeStorage(ERROR_REPORTS_KEY, JSON.stringify(reports));
}

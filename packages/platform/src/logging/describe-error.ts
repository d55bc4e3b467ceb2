/**
 * An error as one line a log may keep: its name, message and PostgreSQL code, and nothing of what was sent.
 * A driver error's `detail` names the offending value ("Key (email)=(...) already exists"), so it is left out.
 */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { code } = error as { code?: unknown };
  return `${error.name}: ${error.message}${typeof code === 'string' ? ` (${code})` : ''}`;
}

/** An error for the log with its stack, yet as little of the request as describeError keeps. */
export function errorWithStack(error: unknown): string {
  const frames = error instanceof Error ? (error.stack ?? '').split('\n').slice(1) : [];
  return [describeError(error), ...frames].join('\n');
}

import type { ReactNode } from 'react';

/**
 * A short framed message about the state of the page (a gallery that is full), with its title first and what the
 * reader can do after it. `tone` says how it reads: `info` calm, `warning` something stands in the way.
 */
export function Notice({
  title,
  tone = 'info',
  children,
  testId,
}: {
  title: ReactNode;
  tone?: 'info' | 'warning';
  children?: ReactNode;
  testId?: string;
}) {
  return (
    <section className={`notice notice-${tone}`} role="status" data-testid={testId}>
      <h2 className="notice-title">{title}</h2>
      {children}
    </section>
  );
}

import type { ReactNode } from 'react';

/** A page-sized message: a title, a text, and what to do next. */
export function MessagePanel({
  title,
  children,
  alert = false,
  testId,
}: {
  title: string;
  children?: ReactNode;
  alert?: boolean;
  testId?: string;
}) {
  return (
    <section className="message-page" data-testid={testId}>
      <p className="message-mark" aria-hidden="true">
        ❦
      </p>
      <h1 role={alert ? 'alert' : undefined}>{title}</h1>
      {children}
    </section>
  );
}

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
      {/* The alert wraps the heading: a heading given the alert role would stop being a heading. */}
      {alert ? (
        <div role="alert">
          <h1>{title}</h1>
        </div>
      ) : (
        <h1>{title}</h1>
      )}
      {children}
    </section>
  );
}

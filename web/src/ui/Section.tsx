import type { ReactNode } from 'react';

/** A page's title with its actions beside it (below it on a phone). */
export function PageHeader({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <header className="page-head">
      <h1>{title}</h1>
      {children && <div className="button-row">{children}</div>}
    </header>
  );
}

/** One framed section of a page, named by its heading; `danger` for what cannot be undone. */
export function PageSection({
  id,
  title,
  intro,
  tone,
  children,
}: {
  /** The section's anchor (`/event/CODE#share`); its heading is `${id}-title`. */
  id: string;
  title: ReactNode;
  intro?: ReactNode;
  tone?: 'danger';
  children?: ReactNode;
}) {
  return (
    <section id={id} className={`page-section${tone ? ` is-${tone}` : ''}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {intro && <p className="page-section-intro">{intro}</p>}
      {children}
    </section>
  );
}

/**
 * A section's settings in two columns where it is wide enough (a desktop), read down the first, then the
 * second; one column on a phone. A setting is never cut between the columns.
 */
export function SettingsColumns({ children }: { children: ReactNode }) {
  return <div className="settings-columns">{children}</div>;
}

import type { ReactNode } from 'react';

/** A framed block of one thing (a gallery, a plan): its title, its content, its actions last. */
export function Card({
  title,
  titleId,
  headingLevel = 2,
  className,
  children,
  ...data
}: {
  title: ReactNode;
  titleId?: string;
  headingLevel?: 2 | 3;
  className?: string;
  children?: ReactNode;
} & Record<`data-${string}`, string>) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={`card${className ? ` ${className}` : ''}`} aria-labelledby={titleId} {...data}>
      <Heading id={titleId} className="card-title">
        {title}
      </Heading>
      {children}
    </article>
  );
}

/** Label and value pairs side by side ("Photos 12"). */
export function FactList({
  facts,
}: {
  facts: ReadonlyArray<{ label: ReactNode; value: ReactNode; className?: string }>;
}) {
  return (
    <dl className="fact-list">
      {facts.map((fact, index) => (
        <div key={index}>
          <dt>{fact.label}</dt>
          <dd className={fact.className}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

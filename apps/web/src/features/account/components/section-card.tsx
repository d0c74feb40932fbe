import type { ReactNode } from 'react';

/** A titled card of the account pages; the heading names the section for assistive technology. */
export function SectionCard({
  id,
  title,
  description,
  children,
  className = 'mb-4',
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`card ${className}`} aria-labelledby={`${id}-title`}>
      <div className="card-header">
        <h2 id={`${id}-title`} className="card-title h5 mb-0">
          {title}
        </h2>
        {description ? <p className="text-body-secondary small mb-0 mt-1">{description}</p> : null}
      </div>
      <div className="card-body">{children}</div>
    </section>
  );
}

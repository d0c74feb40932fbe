import type { ReactNode } from 'react';
import { IconInbox } from './icons.tsx';

/** What a page shows instead of an empty list; `action` invites the first step (e.g. "Add …"). */
export function EmptyState({
  title,
  text,
  icon,
  action,
}: {
  title: string;
  text: string;
  icon?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="card empty-state">
      <div className="card-body text-center py-5 px-4">
        <div className="empty-state-icon mx-auto mb-4">{icon ?? <IconInbox size={32} />}</div>
        <h2 className="h5 fw-semibold mb-2">{title}</h2>
        <p className="text-body-secondary mb-0 mx-auto empty-state-text">{text}</p>
        {action ? <div className="mt-4">{action}</div> : null}
      </div>
    </section>
  );
}

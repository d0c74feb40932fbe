import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { Logo } from './ui/logo.tsx';

/** The standalone page shape shared by the error pages: logo, heading, text and one action. */
export function FallbackPage({
  eyebrow,
  title,
  text,
  action,
}: {
  eyebrow?: string;
  title: string;
  text?: string;
  action: ReactNode;
}) {
  useDocumentTitle(title);
  return (
    <div className="fallback-page">
      <main className="fallback-card text-center">
        <div className="mb-4">
          <Logo size={48} />
        </div>
        {eyebrow ? <p className="fallback-eyebrow mb-2">{eyebrow}</p> : null}
        <h1 className="fallback-title mb-3">{title}</h1>
        {text ? <p className="text-body-secondary fs-5 mb-4">{text}</p> : <div className="mb-4" />}
        {action}
      </main>
    </div>
  );
}

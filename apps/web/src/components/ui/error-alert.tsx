import type { ReactNode } from 'react';
import { FailureDetails } from './failure-details.tsx';

/**
 * A server's message in red, announced as it appears: a form's failed submit or a list that did
 * not load. Renders nothing without a message, so callers pass their error state as it is.
 */
export function ErrorAlert({
  message,
  details,
  action,
  className,
}: {
  message: string | null | undefined;
  /** Technical words behind the message, folded away (see FailureDetails). */
  details?: string | null;
  /** A link under the message that offers the way out (e.g. "request a new link"). */
  action?: ReactNode;
  /** Spacing, which differs with the surrounding layout. */
  className?: string;
}) {
  if (!message) return null;
  return (
    <div className={`alert alert-danger${className ? ` ${className}` : ''}`} role="alert">
      {action || details ? (
        <>
          <div>{message}</div>
          <FailureDetails details={details} />
          {action}
        </>
      ) : (
        message
      )}
    </div>
  );
}

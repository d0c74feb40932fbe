import type { ReactNode } from 'react';

/**
 * A server's message in red, announced as it appears: a form's failed submit or a list that did
 * not load. Renders nothing without a message, so callers pass their error state as it is.
 */
export function ErrorAlert({
  message,
  action,
  className,
}: {
  message: string | null | undefined;
  /** A link under the message that offers the way out (e.g. "request a new link"). */
  action?: ReactNode;
  /** Spacing, which differs with the surrounding layout. */
  className?: string;
}) {
  if (!message) return null;
  return (
    <div className={`alert alert-danger${className ? ` ${className}` : ''}`} role="alert">
      {action ? (
        <>
          <div>{message}</div>
          {action}
        </>
      ) : (
        message
      )}
    </div>
  );
}

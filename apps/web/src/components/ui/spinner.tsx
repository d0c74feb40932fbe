/**
 * Bootstrap's spinning ring. With a label it is the page's status ("Loading…") for assistive
 * technology; without one it only decorates a control whose own text already says it is busy.
 */
export function Spinner({
  label,
  small = false,
  className,
}: {
  label?: string;
  small?: boolean;
  className?: string;
}) {
  const classes = ['spinner-border', small ? 'spinner-border-sm' : null, className ?? null]
    .filter(Boolean)
    .join(' ');
  return label ? (
    <span className={classes} role="status" aria-label={label} />
  ) : (
    <span className={classes} aria-hidden="true" />
  );
}

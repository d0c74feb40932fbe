import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../lib/i18n.ts';

interface TextFieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  /** A validation or server message in the spec's English; shown translated. */
  error?: string;
  type?: 'text' | 'email' | 'password' | 'tel';
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
  maxLength?: number;
  size?: 'lg';
  /** Shown under the input (e.g. the strength meter); its element id joins the input's description. */
  hint?: ReactNode;
  hintId?: string;
  className?: string;
  /** Typed exactly as given (usernames, codes): no auto-capitalising, no spell checking. */
  verbatim?: boolean;
  /** A multi-line text of this many visible rows (a textarea) instead of one line. */
  rows?: number;
}

/** A labelled input whose validation message is tied to it for assistive technology. */
export function TextField({
  id,
  label,
  registration,
  error,
  type = 'text',
  autoComplete,
  inputMode,
  maxLength,
  size,
  hint,
  hintId,
  className = 'mb-3',
  verbatim = type === 'email',
  rows,
}: TextFieldProps) {
  const { t } = useTranslation();
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hintId ?? null].filter(Boolean).join(' ') || undefined;
  const inputProps = {
    className: `form-control${size ? ` form-control-${size}` : ''}${error ? ' is-invalid' : ''}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      {rows ? (
        <textarea id={id} rows={rows} maxLength={maxLength} {...inputProps} {...registration} />
      ) : (
        <input
          id={id}
          type={type}
          autoComplete={autoComplete}
          inputMode={inputMode}
          maxLength={maxLength}
          autoCapitalize={verbatim ? 'none' : undefined}
          spellCheck={verbatim ? false : undefined}
          {...inputProps}
          {...registration}
        />
      )}
      {error ? (
        <div id={errorId} className="invalid-feedback">
          {translateMessage(t, error)}
        </div>
      ) : null}
      {hint}
    </div>
  );
}

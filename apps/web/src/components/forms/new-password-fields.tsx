import type { UseFormRegisterReturn } from 'react-hook-form';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';
import { TextField } from './text-field.tsx';

interface PasswordInput {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
}

/**
 * A new password typed twice, the first with the strength meter under it: registration, reset and
 * change password ask for it the same way. Ids are `<idPrefix>-new`, `-confirm` and `-strength`.
 */
export function NewPasswordFields({
  idPrefix,
  password,
  newPassword,
  confirmPassword,
  confirmClassName = 'mb-4',
}: {
  idPrefix: string;
  /** What is typed in the first field so far, for the meter. */
  password: string;
  newPassword: PasswordInput;
  confirmPassword: PasswordInput;
  /** Spacing before what follows (the terms box or the submit button). */
  confirmClassName?: string;
}) {
  const strengthId = `${idPrefix}-strength`;
  return (
    <>
      <TextField
        id={`${idPrefix}-new`}
        label={newPassword.label}
        type="password"
        autoComplete="new-password"
        registration={newPassword.registration}
        error={newPassword.error}
        hintId={strengthId}
        hint={<PasswordStrengthMeter id={strengthId} password={password} />}
      />
      <TextField
        id={`${idPrefix}-confirm`}
        label={confirmPassword.label}
        type="password"
        autoComplete="new-password"
        className={confirmClassName}
        registration={confirmPassword.registration}
        error={confirmPassword.error}
      />
    </>
  );
}

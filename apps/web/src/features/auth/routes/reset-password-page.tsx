import { resetPasswordFormSchema } from '@benchside/contracts/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { NewPasswordFields } from '../../../components/forms/new-password-fields.tsx';
import { SubmitButton } from '../../../components/forms/submit-button.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { ApiError } from '../../../lib/http.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { resetPassword } from '../api/password-reset.ts';

const RESET_DONE = 'Your password was successfully reset.';
const RESET_FAILED = 'The reset password link is invalid. Please try to reset your password again.';

type ResetPasswordFormValues = z.infer<typeof resetPasswordFormSchema>;

function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting, touchedFields },
  } = useForm<ResetPasswordFormValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setFailure(null);
    try {
      await resetPassword(token, newPassword);
      navigate('/auth/login', { replace: true, state: { successMessage: RESET_DONE } });
    } catch (error) {
      // A spent or expired link reads the spec's sentence; a rate limit says when to retry.
      const rateLimited = error instanceof ApiError && error.status === 429;
      setFailure(rateLimited ? apiErrorMessage(t, error, RESET_FAILED) : translateMessage(t, RESET_FAILED));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="reset-password-title">
      <div className="text-center mb-4">
        <h1 id="reset-password-title" className="auth-title">
          {t('auth.resetPassword.title')}
        </h1>
        <p className="text-body-secondary mb-0">{t('auth.resetPassword.intro')}</p>
      </div>
      <ErrorAlert
        message={failure}
        action={
          <Link to="/auth/forgot-password" className="alert-link d-inline-block mt-1">
            {t('auth.resetPassword.requestNew')}
          </Link>
        }
      />
      <NewPasswordFields
        idPrefix="reset-password"
        password={watch('newPassword')}
        newPassword={{
          label: t('auth.resetPassword.newPassword'),
          // Once the confirmation was typed, changing the password rechecks that they match.
          registration: register('newPassword', {
            deps: touchedFields.confirmPassword ? ['confirmPassword'] : [],
          }),
          error: errors.newPassword?.message,
        }}
        confirmPassword={{
          label: t('auth.resetPassword.confirmPassword'),
          registration: register('confirmPassword'),
          error: errors.confirmPassword?.message,
        }}
      />
      <SubmitButton
        className="btn btn-primary btn-lg w-100"
        label={t('auth.resetPassword.submit')}
        busy={isSubmitting}
      />
    </form>
  );
}

/** Spec §2: `/auth/reset-password?token=`; without a token there is nothing to reset. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  useDocumentTitle(t('auth.resetPassword.title'));
  if (!token) return <Navigate to="/auth/login" replace />;
  return <ResetPasswordForm token={token} />;
}

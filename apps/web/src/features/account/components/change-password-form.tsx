import { changePasswordFormSchema } from '@benchside/contracts/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { NewPasswordFields } from '../../../components/forms/new-password-fields.tsx';
import { SubmitButton } from '../../../components/forms/submit-button.tsx';
import { TextField } from '../../../components/forms/text-field.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { apiErrorMessage, violationsOf } from '../../../lib/api-error-message.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { notify } from '../../../lib/notify.ts';
import { changePassword } from '../api/change-password.ts';
import { SectionCard } from './section-card.tsx';

type ChangePasswordFormValues = z.infer<typeof changePasswordFormSchema>;

/** Current password, then the new one twice with the strength meter; other devices are signed out. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError,
    formState: { errors, isSubmitting, touchedFields },
  } = useForm<ChangePasswordFormValues>({
    resolver: zodResolver(changePasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ password, newPassword }) => {
    setFailure(null);
    try {
      const message = await changePassword(password, newPassword);
      reset();
      notify(translateMessage(t, message), 'success');
    } catch (error) {
      for (const { field, message } of violationsOf(error)) {
        if (field === 'password' || field === 'newPassword') setError(field, { message });
      }
      setFailure(apiErrorMessage(t, error, 'Something went wrong, please try again later.'));
    }
  });

  return (
    <SectionCard
      id="change-password"
      title={t('account.changePassword.title')}
      description={t('account.changePassword.description')}
    >
      <form onSubmit={onSubmit} noValidate className="account-form" aria-labelledby="change-password-title">
        <ErrorAlert message={failure} />
        <TextField
          id="change-password-current"
          label={t('account.changePassword.current')}
          type="password"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password?.message}
        />
        <NewPasswordFields
          idPrefix="change-password"
          password={watch('newPassword')}
          newPassword={{
            label: t('account.changePassword.new'),
            // Once the confirmation was typed, changing the password rechecks that they match.
            registration: register('newPassword', {
              deps: touchedFields.confirmPassword ? ['confirmPassword'] : [],
            }),
            error: errors.newPassword?.message,
          }}
          confirmPassword={{
            label: t('account.changePassword.confirm'),
            registration: register('confirmPassword'),
            error: errors.confirmPassword?.message,
          }}
        />
        <SubmitButton label={t('account.changePassword.submit')} busy={isSubmitting} />
      </form>
    </SectionCard>
  );
}

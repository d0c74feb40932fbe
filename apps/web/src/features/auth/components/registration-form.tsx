import { type RegistrationBody, registrationBodySchema } from '@benchside/contracts/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NewPasswordFields } from '../../../components/forms/new-password-fields.tsx';
import { SubmitButton } from '../../../components/forms/submit-button.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import '../auth-pages.scss';
import type { z } from 'zod';
import { TextField } from '../../../components/forms/text-field.tsx';
import { apiErrorMessage, violationsOf } from '../../../lib/api-error-message.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { isLanguage } from '../../../lib/language.ts';
import { register as registerAccount } from '../api/registration.ts';

const REGISTRATION_FAILED = 'The registration details is incorrect';

type RegistrationFormValues = Omit<z.input<typeof registrationBodySchema>, 'acceptTerms'> & {
  acceptTerms: boolean;
};

// The terms box starts unticked, which the request schema would not accept as an input type.
const registrationFormSchema: z.ZodType<RegistrationBody, RegistrationFormValues> = registrationBodySchema;

const FIELDS = ['username', 'email', 'plainPassword', 'confirmPassword', 'acceptTerms'] as const;

function isFormField(field: string): field is (typeof FIELDS)[number] {
  return (FIELDS as readonly string[]).includes(field);
}

/** Spec §5 registration: submit stays disabled until the terms are accepted. */
export function RegistrationForm({ onRegistered }: { onRegistered: (email: string) => void }) {
  const { t, i18n } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isSubmitting, touchedFields },
  } = useForm<RegistrationFormValues, unknown, RegistrationBody>({
    resolver: zodResolver(registrationFormSchema),
    mode: 'onTouched',
    defaultValues: { username: '', email: '', plainPassword: '', confirmPassword: '', acceptTerms: false },
  });
  const acceptTerms = watch('acceptTerms');
  const password = watch('plainPassword');

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await registerAccount({ ...values, language: isLanguage(i18n.language) ? i18n.language : undefined });
      onRegistered(values.email);
    } catch (error) {
      for (const { field, message } of violationsOf(error)) {
        if (isFormField(field)) setError(field, { message });
      }
      setFailure(apiErrorMessage(t, error, REGISTRATION_FAILED));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="registration-title">
      <div className="text-center mb-4">
        <h1 id="registration-title" className="auth-title">
          {t('auth.registration.title')}
        </h1>
        <p className="text-body-secondary mb-0">
          {t('auth.registration.haveAccount')} <Link to="/auth/login">{t('auth.registration.signIn')}</Link>
        </p>
      </div>

      <ErrorAlert message={failure} />

      <TextField
        id="registration-username"
        label={t('auth.registration.username')}
        autoComplete="username"
        verbatim
        registration={register('username')}
        error={errors.username?.message}
      />
      <TextField
        id="registration-email"
        label={t('auth.registration.email')}
        type="email"
        autoComplete="email"
        registration={register('email')}
        error={errors.email?.message}
      />
      <NewPasswordFields
        idPrefix="registration-password"
        password={password}
        newPassword={{
          label: t('auth.registration.password'),
          // Once the confirmation was typed, changing the password rechecks that they match.
          registration: register('plainPassword', {
            deps: touchedFields.confirmPassword ? ['confirmPassword'] : [],
          }),
          error: errors.plainPassword?.message,
        }}
        confirmPassword={{
          label: t('auth.registration.confirmPassword'),
          registration: register('confirmPassword'),
          error: errors.confirmPassword?.message,
        }}
        confirmClassName="mb-3"
      />

      <div className="form-check mb-4">
        <input
          id="registration-terms"
          type="checkbox"
          className={`form-check-input${errors.acceptTerms ? ' is-invalid' : ''}`}
          aria-invalid={errors.acceptTerms ? true : undefined}
          aria-describedby={errors.acceptTerms ? 'registration-terms-error' : undefined}
          {...register('acceptTerms')}
        />
        <label htmlFor="registration-terms" className="form-check-label">
          <Trans i18nKey="auth.registration.acceptTerms" components={{ termsLink: <Link to="/policy" /> }} />
        </label>
        {errors.acceptTerms?.message ? (
          <div id="registration-terms-error" className="invalid-feedback">
            {translateMessage(t, errors.acceptTerms.message)}
          </div>
        ) : null}
      </div>

      <SubmitButton
        className="btn btn-primary btn-lg w-100"
        label={t('auth.registration.submit')}
        busy={isSubmitting}
        disabled={!acceptTerms}
      />
    </form>
  );
}

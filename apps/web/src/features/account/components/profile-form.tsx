import { type ProfileEditBody, profileEditBodySchema } from '@benchside/contracts/accounts';
import type { CurrentUser } from '@benchside/contracts/auth';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SubmitButton } from '../../../components/forms/submit-button.tsx';
import { TextField } from '../../../components/forms/text-field.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { chooseLanguage, LANGUAGES, NATIVE_LANGUAGE_NAMES } from '../../../lib/language.ts';
import { notify } from '../../../lib/notify.ts';
import { useUpdateProfile } from '../api/profile.ts';
import { SectionCard } from './section-card.tsx';

type ProfileFormValues = z.input<typeof profileEditBodySchema>;

/** Name, business details and the language of the account's e-mails and interface. */
export function ProfileForm({ user }: { user: CurrentUser }) {
  const { t, i18n } = useTranslation();
  const updateProfile = useUpdateProfile();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileFormValues, unknown, ProfileEditBody>({
    resolver: zodResolver(profileEditBodySchema),
    mode: 'onTouched',
    defaultValues: { ...user.profile, language: user.language },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const updated = await updateProfile.mutateAsync(values);
      reset({ ...updated.profile, language: updated.language });
      // Spec §2: a chosen language is stored and the page reloads in it.
      if (values.language && values.language !== i18n.language) {
        chooseLanguage(values.language);
        return;
      }
      notify(t('account.profile.saved'), 'success');
    } catch (error) {
      setFailure(apiErrorMessage(t, error, 'Something went wrong, please try again later.'));
    }
  });

  return (
    <SectionCard
      id="profile"
      title={t('account.profile.title')}
      description={t('account.profile.description')}
    >
      <form onSubmit={onSubmit} noValidate className="account-form" aria-labelledby="profile-title">
        <ErrorAlert message={failure} />
        <TextField
          id="profile-name"
          label={t('account.profile.name')}
          autoComplete="name"
          registration={register('name')}
          error={errors.name?.message}
        />
        <TextField
          id="profile-company"
          label={t('account.profile.company')}
          autoComplete="organization"
          registration={register('company')}
          error={errors.company?.message}
        />
        <TextField
          id="profile-phone"
          label={t('account.profile.phone')}
          type="tel"
          autoComplete="tel"
          registration={register('phone')}
          error={errors.phone?.message}
        />
        <TextField
          id="profile-country"
          label={t('account.profile.country')}
          autoComplete="country-name"
          registration={register('country')}
          error={errors.country?.message}
        />
        <div className="mb-4">
          <label htmlFor="profile-language" className="form-label">
            {t('language.label')}
          </label>
          <select id="profile-language" className="form-select" {...register('language')}>
            {LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {`${t(`language.names.${language}`)} (${NATIVE_LANGUAGE_NAMES[language]})`}
              </option>
            ))}
          </select>
        </div>
        <SubmitButton label={t('account.profile.submit')} busy={isSubmitting} disabled={!isDirty} />
      </form>
    </SectionCard>
  );
}

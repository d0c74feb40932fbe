import type { LoginBody } from '@benchside/contracts/auth';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { SubmitButton } from '../../../components/forms/submit-button.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { apiErrorMessage } from '../../../lib/api-error-message.ts';
import { hash2faStore, refetchCurrentUser } from '../../../lib/auth.ts';
import { ApiError } from '../../../lib/http.ts';
import { translateMessage } from '../../../lib/i18n.ts';
import { importWithTimeout } from '../../../lib/lazy-import.ts';
import { socialConfig } from '../../../lib/social-config.ts';
import { login } from '../api/login.ts';

const LOGIN_FAILED = 'The login detail is incorrect';

// The provider buttons are their own chunk, fetched only when a provider is configured: the
// sign-in page loads nothing more without GOOGLE_CLIENT_ID and FACEBOOK_APP_ID.
const hasSocialSignIn = Boolean(socialConfig.googleClientId || socialConfig.facebookAppId);
const SocialSignIn = lazy(() =>
  importWithTimeout(() => import('./social-sign-in.tsx')).then((module) => ({
    default: module.SocialSignIn,
  })),
);

// The resolver and the schema share the schema library's chunk with the other forms; neither may
// ride along with the sign-in page's first load.
const loadLoginResolver = () =>
  Promise.all([import('@hookform/resolvers/zod'), import('@benchside/contracts/auth')]).then(
    ([{ zodResolver }, { loginBodySchema }]) => zodResolver(loginBodySchema),
  );

/**
 * The contracts' schema (and the schema library with it) loads when the user first focuses or types
 * in the form, not with the page: an untouched form is unchanged, so its submit is disabled anyway.
 */
function createLoginResolver(): { resolver: Resolver<LoginBody>; startValidating: () => void } {
  let started = false;
  const startValidating = () => {
    if (!started) {
      started = true;
      loadLoginResolver().catch(() => undefined);
    }
  };
  const resolver: Resolver<LoginBody> = async (values, context, options) => {
    if (!started) return { values: {}, errors: { root: { type: 'untouched', message: '' } } };
    return (await loadLoginResolver())(values, context, options);
  };
  return { resolver, startValidating };
}

interface LoginFailure {
  message: string;
  unverified: boolean;
}

/** Spec §8: the server's message, else the generic one; a rate limit (429) also says when to retry. */
function failureOf(t: TFunction, error: unknown): LoginFailure {
  const body = error instanceof ApiError ? error.body : null;
  return { message: apiErrorMessage(t, error, LOGIN_FAILED), unverified: body?.isVerified === false };
}

/** Spec §2/§4/§5 sign-in: username or e-mail plus password; submit needs a changed, valid form. */
export function LoginForm({ successMessage }: { successMessage: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const [{ resolver, startValidating }] = useState(createLoginResolver);
  const {
    register,
    handleSubmit,
    formState: { errors, isDirty, isValid, isSubmitting },
  } = useForm<LoginBody>({
    resolver,
    mode: 'onTouched',
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await login(values);
      if (result['2fa']) {
        hash2faStore.set(result.hash);
        navigate('/auth/2fa');
        return;
      }
      // The signed-in route table takes over once the user is known and lands on /cards.
      const user = await refetchCurrentUser();
      if (!user) setFailure({ message: translateMessage(t, LOGIN_FAILED), unverified: false });
    } catch (error) {
      setFailure(failureOf(t, error));
    }
  });

  const usernameError = errors.username?.message;
  const passwordError = errors.password?.message;

  return (
    <form
      onSubmit={onSubmit}
      onFocusCapture={startValidating}
      onInputCapture={startValidating}
      noValidate
      aria-labelledby="login-title"
    >
      <div className="text-center mb-4">
        <h1 id="login-title" className="auth-title">
          {t('auth.login.title')}
        </h1>
        <p className="text-body-secondary mb-0">
          {t('auth.login.newHere')} <Link to="/auth/registration">{t('auth.login.createAccount')}</Link>
        </p>
      </div>

      {successMessage && !failure ? (
        <div className="alert alert-success" role="status">
          {translateMessage(t, successMessage)}
        </div>
      ) : null}

      <ErrorAlert
        message={failure?.message}
        action={
          failure?.unverified ? (
            <Link to="/auth/resend-email-confirmation" className="alert-link d-inline-block mt-1">
              {t('auth.login.resendConfirmation')}
            </Link>
          ) : null
        }
      />

      <div className="mb-3">
        <label htmlFor="login-username" className="form-label">
          {t('auth.login.username')}
        </label>
        <input
          id="login-username"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          className={`form-control form-control-lg${usernameError ? ' is-invalid' : ''}`}
          aria-invalid={usernameError ? true : undefined}
          aria-describedby={usernameError ? 'login-username-error' : undefined}
          {...register('username')}
        />
        {usernameError ? (
          <div id="login-username-error" className="invalid-feedback">
            {translateMessage(t, usernameError)}
          </div>
        ) : null}
      </div>

      <div className="mb-4">
        <label htmlFor="login-password" className="form-label">
          {t('auth.login.password')}
        </label>
        <input
          id="login-password"
          type="password"
          autoComplete="current-password"
          className={`form-control form-control-lg${passwordError ? ' is-invalid' : ''}`}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? 'login-password-error' : undefined}
          {...register('password')}
        />
        {passwordError ? (
          <div id="login-password-error" className="invalid-feedback">
            {translateMessage(t, passwordError)}
          </div>
        ) : null}
        {/* After the field, not beside its label: Tab from the username must reach the password. */}
        <div className="text-end mt-2">
          <Link to="/auth/forgot-password" className="small">
            {t('auth.login.forgotPassword')}
          </Link>
        </div>
      </div>

      <SubmitButton
        className="btn btn-primary btn-lg w-100"
        label={t('auth.login.submit')}
        busy={isSubmitting}
        disabled={!isDirty || !isValid}
      />
      {hasSocialSignIn ? (
        <Suspense fallback={null}>
          <SocialSignIn />
        </Suspense>
      ) : null}
    </form>
  );
}

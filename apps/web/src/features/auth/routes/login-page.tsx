import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { LoginForm } from '../components/login-form.tsx';

/** Other flows (e-mail verification, password reset) land here with `{ successMessage }` as route state. */
function successMessageOf(state: unknown): string | null {
  if (typeof state === 'object' && state !== null && 'successMessage' in state) {
    return typeof state.successMessage === 'string' ? state.successMessage : null;
  }
  return null;
}

export function LoginPage() {
  const { t } = useTranslation();
  const location = useLocation();
  useDocumentTitle(t('auth.login.title'));
  return <LoginForm successMessage={successMessageOf(location.state)} />;
}

import { matchPath, Navigate, Route, Routes } from 'react-router';
import { SignedInLanding } from '../features/account/components/signed-in-landing.tsx';
import { loadMasterLayoutStrings } from '../lib/i18n.ts';
import { type LazyRoute, lazyRoute as lazyPage } from '../lib/lazy-route.ts';

const AuthLayout = lazyPage(
  () => import('./layouts/auth-layout.tsx'),
  (m) => m.AuthLayout,
);
const LoginPage = lazyPage(
  () => import('../features/auth/routes/login-page.tsx'),
  (m) => m.LoginPage,
);

/** The entry starts these with its first requests when the address is in the auth area. */
export const preloadSignInRoute = () => Promise.all([AuthLayout.preload(), LoginPage.preload()]);
const MasterLayout = lazyPage(
  // Its strings beside its chunk, so its first render finds both here (decision 145).
  () =>
    Promise.all([import('./layouts/master/master-layout.tsx'), loadMasterLayoutStrings()]).then(([m]) => m),
  (m) => m.MasterLayout,
);
const PolicyLayout = lazyPage(
  () => import('./layouts/policy-layout.tsx'),
  (m) => m.PolicyLayout,
);
const PolicyPage = lazyPage(
  () => import('../features/policy/routes/policy-page.tsx'),
  (m) => m.PolicyPage,
);
const NotFoundPage = lazyPage(
  () => import('../features/errors/routes/not-found-page.tsx'),
  (m) => m.NotFoundPage,
);
const ServerErrorPage = lazyPage(
  () => import('../features/errors/routes/server-error-page.tsx'),
  (m) => m.ServerErrorPage,
);
const LogoutPage = lazyPage(
  () => import('../features/auth/routes/logout-page.tsx'),
  (m) => m.LogoutPage,
);
const WelcomePage = lazyPage(
  () => import('../features/welcome/routes/welcome-page.tsx'),
  (m) => m.WelcomePage,
);
const CardsPage = lazyPage(
  () => import('../features/cards/routes/cards-page.tsx'),
  (m) => m.CardsPage,
  (m, pathname) => m.startCardsPageReads(pathname),
);
const FirmwaresPage = lazyPage(
  () => import('../features/firmwares/routes/firmwares-page.tsx'),
  (m) => m.FirmwaresPage,
);
const ToolsPage = lazyPage(
  () => import('../features/tools/routes/tools-page.tsx'),
  (m) => m.ToolsPage,
);
const FilesPage = lazyPage(
  () => import('../features/files/routes/files-page.tsx'),
  (m) => m.FilesPage,
);
const SupportedModelsPage = lazyPage(
  () => import('../features/supported-models/routes/supported-models-page.tsx'),
  (m) => m.SupportedModelsPage,
);
const SupportedModelPage = lazyPage(
  () => import('../features/supported-models/routes/supported-model-page.tsx'),
  (m) => m.SupportedModelPage,
);
const DownloadsPage = lazyPage(
  () => import('../features/downloads/routes/downloads-page.tsx'),
  (m) => m.DownloadsPage,
);
const HelperPanelPage = lazyPage(
  () => import('../features/helper/routes/helper-panel-page.tsx'),
  (m) => m.HelperPanelPage,
);
const NotificationsPage = lazyPage(
  () => import('../features/notifications/routes/notifications-page.tsx'),
  (m) => m.NotificationsPage,
);
const WatchListPage = lazyPage(
  () => import('../features/watch-list/routes/watch-list-page.tsx'),
  (m) => m.WatchListPage,
);
const CustomersRoutes = lazyPage(
  () => import('../features/customers/routes/customers-routes.tsx'),
  (m) => m.CustomersRoutes,
);
const ConversationsPage = lazyPage(
  () => import('../features/conversations/routes/conversations-page.tsx'),
  (m) => m.ConversationsPage,
);
const NewConversationPage = lazyPage(
  () => import('../features/conversations/routes/new-conversation-page.tsx'),
  (m) => m.NewConversationPage,
);
const ConversationPage = lazyPage(
  () => import('../features/conversations/routes/conversation-page.tsx'),
  (m) => m.ConversationPage,
);
const SupportRoutes = lazyPage(
  () => import('../features/support/routes/support-routes.tsx'),
  (m) => m.SupportRoutes,
);
const RegistrationPage = lazyPage(
  () => import('../features/auth/routes/registration-page.tsx'),
  (m) => m.RegistrationPage,
);
const VerifyEmailPage = lazyPage(
  () => import('../features/auth/routes/verify-email-page.tsx'),
  (m) => m.VerifyEmailPage,
);
const ResendEmailConfirmationPage = lazyPage(
  () => import('../features/auth/routes/resend-email-confirmation-page.tsx'),
  (m) => m.ResendEmailConfirmationPage,
);
const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/routes/forgot-password-page.tsx'),
  (m) => m.ForgotPasswordPage,
);
const ResetPasswordPage = lazyPage(
  () => import('../features/auth/routes/reset-password-page.tsx'),
  (m) => m.ResetPasswordPage,
);
const TwoFactorPage = lazyPage(
  () => import('../features/auth/routes/two-factor-page.tsx'),
  (m) => m.TwoFactorPage,
);
const SocialVerifyingPage = lazyPage(
  () => import('../features/auth/routes/social-verifying-page.tsx'),
  (m) => m.SocialVerifyingPage,
);
const AccountLayout = lazyPage(
  () => import('../features/account/components/account-layout.tsx'),
  (m) => m.AccountLayout,
);
const AccountOverviewPage = lazyPage(
  () => import('../features/account/routes/account-overview-page.tsx'),
  (m) => m.AccountOverviewPage,
);
const AccountSettingsPage = lazyPage(
  () => import('../features/account/routes/account-settings-page.tsx'),
  (m) => m.AccountSettingsPage,
);
const AccountSecurityPage = lazyPage(
  () => import('../features/account/routes/account-security-page.tsx'),
  (m) => m.AccountSecurityPage,
);
const AccountLoginHistoryPage = lazyPage(
  () => import('../features/account/routes/account-login-history-page.tsx'),
  (m) => m.AccountLoginHistoryPage,
);
const ChangeEmailPage = lazyPage(
  () => import('../features/account/routes/change-email-page.tsx'),
  (m) => m.ChangeEmailPage,
);
const ConfirmEmailPage = lazyPage(
  () => import('../features/account/routes/confirm-email-page.tsx'),
  (m) => m.ConfirmEmailPage,
);

/** The master layout's pages for a signed-in user, by path: routed below and preloaded by the entry. */
const SIGNED_IN_PAGES: ReadonlyArray<{ path: string; page: LazyRoute }> = [
  { path: 'cards/*', page: CardsPage },
  { path: 'firmwares', page: FirmwaresPage },
  { path: 'tools', page: ToolsPage },
  { path: 'files', page: FilesPage },
  { path: 'supported-models', page: SupportedModelsPage },
  { path: 'supported-models/:id', page: SupportedModelPage },
  { path: 'downloads', page: DownloadsPage },
  { path: 'helper', page: HelperPanelPage },
  { path: 'notifications', page: NotificationsPage },
  { path: 'watch-list', page: WatchListPage },
  { path: 'customers/*', page: CustomersRoutes },
  { path: 'conversations', page: ConversationsPage },
  { path: 'conversations/new', page: NewConversationPage },
  { path: 'conversations/:id', page: ConversationPage },
  { path: 'support/*', page: SupportRoutes },
];

/**
 * For a visitor whose hint cookie says signed in, the entry starts the master layout's chunk and
 * the page's with its first requests, and the page's first API reads as soon as its chunk is here.
 * Left to the router, each chunk is asked for only once the one before has rendered, and the reads
 * only once the page has: on a phone's network a chain of round trips before the first content.
 */
export function preloadSignedInRoute(pathname: string): Promise<unknown> {
  // The index sends a signed-in user to the cards.
  const target = pathname === '/' ? '/cards' : pathname;
  const page =
    SIGNED_IN_PAGES.find(({ path }) => matchPath(`/${path}`, target))?.page ??
    (matchPath('/account/*', target) ? AccountLayout : undefined);
  return Promise.all([MasterLayout.preload(), page?.preloadFor(target)]);
}

/**
 * Spec §2 route table. Signed in: the index and auth/* go to /cards (or back to the page that asked
 * for sign-in), unknown paths to /error/404.
 * Signed out: `/` is the welcome page, /auth the auth area, anything else goes to /auth.
 * The policy, error and sign-out pages and the two e-mail-change link pages are there for everyone.
 */
export function AppRoutes({ signedIn }: { signedIn: boolean }) {
  return (
    <Routes>
      {signedIn ? (
        <>
          <Route index element={<Navigate to="/cards" replace />} />
          <Route element={<MasterLayout />}>
            {SIGNED_IN_PAGES.map(({ path, page: Page }) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
            <Route path="account" element={<AccountLayout />}>
              <Route index element={<Navigate to="settings" replace />} />
              <Route path="overview" element={<AccountOverviewPage />} />
              <Route path="settings" element={<AccountSettingsPage />} />
              <Route path="security" element={<AccountSecurityPage />} />
              <Route path="login-history" element={<AccountLoginHistoryPage />} />
            </Route>
          </Route>
          <Route path="auth/*" element={<SignedInLanding />} />
          <Route path="*" element={<Navigate to="/error/404" replace />} />
        </>
      ) : (
        <>
          <Route element={<MasterLayout />}>
            <Route index element={<WelcomePage />} />
          </Route>
          <Route path="auth" element={<AuthLayout />}>
            <Route index element={<Navigate to="login" replace />} />
            <Route path="login" element={<LoginPage />} />
            <Route path="login/verifying" element={<SocialVerifyingPage />} />
            <Route path="registration" element={<RegistrationPage />} />
            <Route path="verify-email" element={<VerifyEmailPage />} />
            <Route path="resend-email-confirmation" element={<ResendEmailConfirmationPage />} />
            <Route path="forgot-password" element={<ForgotPasswordPage />} />
            <Route path="reset-password" element={<ResetPasswordPage />} />
            <Route path="2fa" element={<TwoFactorPage />} />
          </Route>
          <Route path="*" element={<Navigate to="/auth" replace />} />
        </>
      )}
      <Route path="policy" element={<PolicyLayout />}>
        <Route index element={<PolicyPage />} />
      </Route>
      <Route path="account/change-email" element={<ChangeEmailPage />} />
      <Route path="account/confirm-email" element={<ConfirmEmailPage />} />
      <Route path="error/404" element={<NotFoundPage />} />
      <Route path="error/500" element={<ServerErrorPage />} />
      <Route path="logout" element={<LogoutPage />} />
    </Routes>
  );
}

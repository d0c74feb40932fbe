/** The account area's pages, as its tabs and the side menu list them. */
export const ACCOUNT_PAGES = [
  { path: '/account/overview', key: 'account.tabs.overview' },
  { path: '/account/settings', key: 'account.tabs.settings' },
  { path: '/account/security', key: 'account.tabs.security' },
  { path: '/account/login-history', key: 'account.tabs.loginHistory' },
] as const;

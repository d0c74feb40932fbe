import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { currentUserQueryKey } from '../../../lib/auth.ts';
import { SignedInLanding } from '../components/signed-in-landing.tsx';
import { peekReturnPath } from '../return-after-sign-in.ts';
import { ConfirmEmailPage } from './confirm-email-page.tsx';

const LINK = '/account/confirm-email?token=link-b';

function signedOutClient() {
  const client = new QueryClient();
  client.setQueryData(currentUserQueryKey, null);
  return client;
}

afterEach(() => sessionStorage.clear());

describe('ConfirmEmailPage', () => {
  it('signed out, remembers its URL and goes to sign-in', async () => {
    render(
      <QueryClientProvider client={signedOutClient()}>
        <MemoryRouter initialEntries={[LINK]}>
          <Routes>
            <Route path="/account/confirm-email" element={<ConfirmEmailPage />} />
            <Route path="/auth/login" element={<p>sign-in page</p>} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('sign-in page')).toBeTruthy();
    expect(peekReturnPath()).toBe(LINK);
  });

  it('after sign-in, the auth area sends the user back there once', async () => {
    sessionStorage.setItem('benchside_return_after_sign_in', LINK);
    render(
      <MemoryRouter initialEntries={['/auth/login']}>
        <Routes>
          <Route path="/auth/*" element={<SignedInLanding />} />
          <Route path="/account/confirm-email" element={<p>confirm page</p>} />
          <Route path="/cards" element={<p>cards page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('confirm page')).toBeTruthy();
    expect(peekReturnPath()).toBeNull();
  });

  it('ignores a stored address that leaves the portal', async () => {
    sessionStorage.setItem('benchside_return_after_sign_in', '//evil.example/x');
    render(
      <MemoryRouter initialEntries={['/auth/login']}>
        <Routes>
          <Route path="/auth/*" element={<SignedInLanding />} />
          <Route path="/cards" element={<p>cards page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText('cards page')).toBeTruthy();
  });
});

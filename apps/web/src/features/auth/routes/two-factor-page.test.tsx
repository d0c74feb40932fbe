import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hash2faStore } from '../../../lib/auth.ts';
import de from '../../../locales/de.json';
import { TwoFactorPage } from './two-factor-page.tsx';

function renderAt2fa() {
  render(
    <MemoryRouter initialEntries={['/auth/2fa']}>
      <Routes>
        <Route path="/auth/2fa" element={<TwoFactorPage />} />
        <Route path="/auth/login" element={<p>sign-in page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(async () => {
  hash2faStore.set(null);
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

describe('TwoFactorPage', () => {
  it('redirects to sign-in without a pending hash', () => {
    renderAt2fa();
    expect(screen.getByText('sign-in page')).toBeTruthy();
  });

  it('asks for the code when a hash is pending, at most 6 characters', async () => {
    hash2faStore.set('pending-hash');
    renderAt2fa();
    const code = screen.getByLabelText<HTMLInputElement>('Confirmation code');
    expect(code.maxLength).toBe(6);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Confirmation code is required')).toBeTruthy();
  });

  it("says when the account is locked out after too many wrong codes, and for how long, in the reader's language", async () => {
    i18next.addResourceBundle('de', 'translation', de.translation);
    i18next.addResourceBundle('de', 'messages', de.messages);
    await i18next.changeLanguage('de');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { message: 'Too many wrong confirmation codes for this account. Please try again later.' },
          { status: 429, headers: { 'Retry-After': '3600' } },
        ),
      ),
    );
    hash2faStore.set('pending-hash');
    renderAt2fa();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Bestätigungscode'), '123456');
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Zu viele falsche Bestätigungscodes für dieses Konto. Bitte versuchen Sie es später erneut. Sie können es in 60 Minuten erneut versuchen.',
    );
  });
});

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { hash2faStore } from '../../../lib/auth.ts';
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

afterEach(() => hash2faStore.set(null));

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
});

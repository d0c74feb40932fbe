import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginForm } from './login-form.tsx';

function renderForm(successMessage: string | null = null) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <LoginForm successMessage={successMessage} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return {
    username: screen.getByLabelText<HTMLInputElement>('Username or email'),
    password: screen.getByLabelText<HTMLInputElement>('Password'),
    submit: screen.getByRole<HTMLButtonElement>('button', { name: 'Sign In' }),
  };
}

describe('LoginForm', () => {
  it('keeps Sign In disabled until the form is changed and valid', async () => {
    const user = userEvent.setup();
    const { username, password, submit } = renderForm();
    expect(submit.disabled).toBe(true);
    await user.type(username, 'demo');
    expect(submit.disabled).toBe(true);
    await user.type(password, 'Demo#Bench2026');
    await expect.poll(() => submit.disabled).toBe(false);
  });

  it('shows the spec messages for missing and too short values', async () => {
    const user = userEvent.setup();
    const { username, password } = renderForm();
    await user.click(username);
    await user.click(password);
    expect((await screen.findByText('Username is required')).className).toContain('invalid-feedback');
    await user.type(username, 'ab');
    expect((await screen.findByText('Minimum 3 symbols')).className).toContain('invalid-feedback');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    await user.click(username);
    expect((await screen.findByText('Password is required')).className).toContain('invalid-feedback');
  });

  it('rejects values longer than 50 characters', async () => {
    const user = userEvent.setup();
    const { username } = renderForm();
    await user.click(username);
    await user.paste('x'.repeat(51));
    await user.tab();
    expect((await screen.findByText('Maximum 50 symbols')).className).toContain('invalid-feedback');
  });

  it('shows the success note passed as route state', () => {
    renderForm('Your account was successfully verified.');
    expect(screen.getByRole('status').textContent).toBe('Your account was successfully verified.');
  });
});

describe('LoginForm when rate limited', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the server message and when to try again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { message: 'Too many requests, please try again later.' },
          { status: 429, headers: { 'Retry-After': '120' } },
        ),
      ),
    );
    const user = userEvent.setup();
    const { username, password, submit } = renderForm();
    await user.type(username, 'demo');
    await user.type(password, 'Demo#Bench2026');
    await expect.poll(() => submit.disabled).toBe(false);
    await user.click(submit);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests, please try again later. You can try again in 2 minutes.',
    );
  });
});

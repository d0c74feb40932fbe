import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegistrationForm } from './registration-form.tsx';

function renderForm(onRegistered = vi.fn()) {
  render(
    <MemoryRouter>
      <RegistrationForm onRegistered={onRegistered} />
    </MemoryRouter>,
  );
  return {
    onRegistered,
    username: screen.getByLabelText('Username'),
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
    confirm: screen.getByLabelText('Confirm Password'),
    terms: screen.getByRole('checkbox', { name: 'I accept the Terms and Conditions' }),
    submit: screen.getByRole<HTMLButtonElement>('button', { name: 'Create Account' }),
  };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>, form: ReturnType<typeof renderForm>) {
  await user.type(form.username, 'newtech');
  await user.type(form.email, 'newtech@example.test');
  await user.type(form.password, 'Repair#2026');
  await user.type(form.confirm, 'Repair#2026');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RegistrationForm', () => {
  it('keeps submit disabled until the terms are ticked', async () => {
    const user = userEvent.setup();
    const form = renderForm();
    await fillValid(user, form);
    expect(form.submit.disabled).toBe(true);
    await user.click(form.terms);
    expect(form.submit.disabled).toBe(false);
    await user.click(form.terms);
    expect(form.submit.disabled).toBe(true);
  });

  it('shows the spec messages for username, e-mail and password rules', async () => {
    const user = userEvent.setup();
    const form = renderForm();
    await user.click(form.username);
    await user.tab();
    expect(await screen.findByText('Username is required')).toBeTruthy();
    await user.type(form.email, 'not-an-address');
    await user.tab();
    expect(await screen.findByText('Wrong email format')).toBeTruthy();
    await user.type(form.password, 'abc');
    await user.tab();
    expect(await screen.findByText('Minimum 6 symbols')).toBeTruthy();
    await user.type(form.password, 'def');
    expect(await screen.findByText('At least one number and one special character')).toBeTruthy();
    await user.clear(form.password);
    await user.type(form.password, '123456');
    expect(await screen.findByText('At least one letter')).toBeTruthy();
    await user.type(form.username, 'newtech');
    await user.clear(form.email);
    await user.type(form.email, 'newtech@example.test');
    await user.clear(form.password);
    await user.type(form.password, 'Repair#2026');
    await user.type(form.confirm, 'Repair#2025');
    await user.tab();
    expect(await screen.findByText('Password and Confirm Password must match')).toBeTruthy();
  });

  it('says the passwords differ once both are touched, with username and e-mail still empty', async () => {
    const user = userEvent.setup();
    const form = renderForm();
    await user.type(form.password, 'Repair#2026');
    await user.type(form.confirm, 'Repair#2025');
    await user.tab();
    expect(await screen.findByText('Password and Confirm Password must match')).toBeTruthy();
    // Mending the first field clears it: the pair is checked again, not only the field typed in.
    await user.clear(form.password);
    await user.type(form.password, 'Repair#2025');
    await waitFor(() => expect(screen.queryByText('Password and Confirm Password must match')).toBeNull());
  });

  it('shows the password strength while typing', async () => {
    const user = userEvent.setup();
    const form = renderForm();
    await user.type(form.password, 'aB3#efgh');
    expect(screen.getByRole('meter').getAttribute('value')).toBe('100');
  });

  it('puts a taken username on its field and the server message on top', async () => {
    const message = 'This username is already taken';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ message, violations: [{ propertyPath: 'username', message }] }, { status: 400 }),
      ),
    );
    const user = userEvent.setup();
    const form = renderForm();
    await fillValid(user, form);
    await user.click(form.terms);
    await user.click(form.submit);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(form.username.getAttribute('aria-invalid')).toBe('true');
    expect(form.onRegistered).not.toHaveBeenCalled();
  });

  it('falls back to the spec sentence when the failure has no message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('oops', { status: 500 })),
    );
    const user = userEvent.setup();
    const form = renderForm();
    await fillValid(user, form);
    await user.click(form.terms);
    await user.click(form.submit);
    expect((await screen.findByRole('alert')).textContent).toBe('The registration details is incorrect');
  });

  it('reports the registered address on success', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      Response.json({ message: 'ok' }, { status: 201 }),
    );
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    const form = renderForm();
    await fillValid(user, form);
    await user.click(form.terms);
    await user.click(form.submit);
    await vi.waitFor(() => expect(form.onRegistered).toHaveBeenCalledWith('newtech@example.test'));
    const body = JSON.parse(String(fetch.mock.calls[0]?.[1]?.body));
    expect(body).toMatchObject({ username: 'newtech', acceptTerms: true, urlTo: '/auth/verify-email' });
  });
});

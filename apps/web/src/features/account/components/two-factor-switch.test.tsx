import type { CurrentUser } from '@benchside/contracts/auth';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { TwoFactorSwitch } from './two-factor-switch.tsx';

const toasts = vi.hoisted(() => [] as { message: string; kind: string | undefined }[]);
vi.mock('../../../lib/notify.ts', () => ({
  notify: (message: string, kind?: string) => toasts.push({ message, kind }),
}));

const USER: CurrentUser = {
  id: '8d6f4a52-3c1b-4f7e-9a2d-5b8c7e1f0a93',
  username: 'tech',
  email: 'tech@example.test',
  profile: { name: 'Tech', company: 'Bench Repairs', phone: '+49 30 1234567', country: 'DE' },
  userPortal2fa: false,
  language: 'en',
  expiryReminderEmails: true,
  watchDigestEmails: false,
};

/** `PATCH /api/users/edit/{id}` held open until the test answers it. */
function holdTheChange() {
  let answer: (response: Response) => void = () => {};
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
  );
  return (response: Response) => answer(response);
}

function renderSwitch(user: CurrentUser = USER) {
  render(
    <QueryClientProvider client={queryClient}>
      <TwoFactorSwitch user={user} />
    </QueryClientProvider>,
  );
  return screen.getByRole<HTMLInputElement>('switch', {
    name: 'Ask for a code sent by email when I sign in',
  });
}

describe('TwoFactorSwitch', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    toasts.length = 0;
  });

  it('shows the new choice from the click on, while the change is sent', async () => {
    holdTheChange();
    const toggle = renderSwitch();
    // Synchronous, and read at once: the mutation's pending state only arrives a tick later.
    fireEvent.click(toggle);
    expect(toggle.checked).toBe(true);
    await vi.waitFor(() => expect(toggle.getAttribute('aria-disabled')).toBe('true'));
    expect(toggle.checked).toBe(true);
  });

  it('takes no second change while one is sent, and keeps the keyboard focus', async () => {
    holdTheChange();
    const toggle = renderSwitch();
    toggle.focus();
    fireEvent.click(toggle);
    await vi.waitFor(() => expect(toggle.getAttribute('aria-disabled')).toBe('true'));
    fireEvent.click(toggle);
    expect(toggle.checked).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    // A disabled control would drop the focus to the page; this one stays where the user is.
    expect(toggle.disabled).toBe(false);
    expect(document.activeElement).toBe(toggle);
  });

  it('goes back to the stored choice when the change fails, and says so', async () => {
    const answer = holdTheChange();
    const toggle = renderSwitch();
    await userEvent.click(toggle);
    answer(Response.json({ message: 'Internal server error' }, { status: 500 }));
    await vi.waitFor(() => expect(toggle.checked).toBe(false));
    expect(toggle.disabled).toBe(false);
    expect(toasts.map((toast) => toast.kind)).toEqual(['error']);
  });

  it('turning it off asks for the current password, shows the refusal, then sends it with the change', async () => {
    const wrong = 'The current password is incorrect';
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        Response.json(
          { message: wrong, violations: [{ propertyPath: 'password', message: wrong }] },
          { status: 400 },
        ),
      )
      .mockResolvedValueOnce(Response.json({ ...USER, userPortal2fa: false }));
    vi.stubGlobal('fetch', fetchMock);
    const toggle = renderSwitch({ ...USER, userPortal2fa: true });
    await userEvent.click(toggle);
    const dialog = await screen.findByRole('dialog', { name: 'Turn two-factor authentication off' });
    expect(fetchMock).not.toHaveBeenCalled();
    const password = within(dialog).getByLabelText('Current password');
    await userEvent.type(password, 'Wrong#1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(wrong);
    expect(toasts).toEqual([]);

    await userEvent.clear(password);
    await userEvent.type(password, 'Right#1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await vi.waitFor(() =>
      expect(toasts).toEqual([{ message: 'Two-factor authentication is off.', kind: 'success' }]),
    );
    const [, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ userPortal2fa: false, password: 'Right#1' });
  });
});

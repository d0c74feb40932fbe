import type { CurrentUser } from '@benchside/contracts/auth';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
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

function renderSwitch() {
  render(
    <QueryClientProvider client={queryClient}>
      <TwoFactorSwitch user={USER} />
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
    await vi.waitFor(() => expect(toggle.disabled).toBe(true));
    expect(toggle.checked).toBe(true);
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
});

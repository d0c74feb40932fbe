import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { socialAuth } from '../api/social-auth.ts';
import { SOCIAL_ERROR_HIDE_MS, SocialSignIn } from './social-sign-in.tsx';

// Google's own button needs Google's script: a plain button hands over a made-up ID token instead.
vi.mock('../../../components/social/google-button.tsx', () => ({
  GoogleButton: ({
    onCredential,
    onReady,
  }: {
    onCredential: (credential: string) => void;
    onReady: () => void;
  }) => {
    useEffect(onReady, [onReady]);
    return (
      <button type="button" onClick={() => onCredential('made-up-id-token')}>
        Google
      </button>
    );
  },
}));
vi.mock('../api/social-auth.ts', () => ({ socialAuth: vi.fn() }));

async function failGoogleSignIn() {
  vi.mocked(socialAuth).mockRejectedValue(new Error('refused'));
  render(
    <MemoryRouter>
      <SocialSignIn />
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Google' }));
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

describe('social sign-in error', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.mocked(socialAuth).mockReset();
  });

  it('hides after exactly 10 s: still shown at 9.99 s, gone at 10 s', async () => {
    expect(SOCIAL_ERROR_HIDE_MS).toBe(10_000);
    await failGoogleSignIn();
    expect(screen.getByRole('alert').textContent).toBe('Unknown error with Google.');
    act(() => vi.advanceTimersByTime(9_990));
    expect(screen.getByRole('alert').textContent).toBe('Unknown error with Google.');
    act(() => vi.advanceTimersByTime(10));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { signedOutLinkAt, signedOutLinkFromState, signedOutLinkState } from './signed-out-link.ts';

describe('links for signed-out use', () => {
  it('are the reset-password and verify-email links, with their query', () => {
    expect(signedOutLinkAt({ pathname: '/auth/reset-password', search: '?token=abc' })).toEqual({
      path: '/auth/reset-password',
      search: '?token=abc',
    });
    expect(signedOutLinkAt({ pathname: '/auth/verify-email/', search: '?token=x&expires=1' })).toEqual({
      path: '/auth/verify-email',
      search: '?token=x&expires=1',
    });
    expect(signedOutLinkAt({ pathname: '/auth/login', search: '' })).toBeNull();
    expect(signedOutLinkAt({ pathname: '/auth/reset-password-x', search: '' })).toBeNull();
  });

  it('travel as navigation state, which is checked when read back', () => {
    const link = { path: '/auth/reset-password', search: '?token=abc' } as const;
    expect(signedOutLinkFromState(signedOutLinkState(link))).toEqual(link);
    expect(signedOutLinkFromState(null)).toBeNull();
    expect(signedOutLinkFromState({ signedOutLink: { path: '//evil.example/', search: '' } })).toBeNull();
    expect(
      signedOutLinkFromState({ signedOutLink: { path: '/auth/verify-email', search: '@evil' } }),
    ).toBeNull();
  });
});

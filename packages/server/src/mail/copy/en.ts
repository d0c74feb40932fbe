import type { MailCopy } from './mail-copy.ts';

/** The account e-mails in English, the default. */
export const en: MailCopy = {
  greeting: (name) => `Hello ${name},`,
  anonymousGreeting: 'Hello,',
  linkHint: 'If the button does not work, copy this link into your browser:',
  signature: 'The Benchside team',
  kinds: {
    verifyEmail: {
      subject: 'Confirm your e-mail address',
      body: 'Thanks for registering with Benchside. Please confirm your e-mail address to activate your account.',
      action: 'Confirm e-mail address',
      footnote:
        'The link is valid for 24 hours. If you did not create an account, you can ignore this message.',
    },
    changeEmail: {
      subject: 'Change of your e-mail address',
      body: 'We received a request to change the e-mail address of your Benchside account to {newEmail}. Open the link below to continue.',
      action: 'Continue the change',
      footnote:
        'The link is valid for 24 hours. If you did not ask for this change, ignore this message and change your password.',
    },
    confirmEmail: {
      subject: 'Confirm your new e-mail address',
      body: 'Please confirm {newEmail} as the new e-mail address of your Benchside account.',
      action: 'Confirm new e-mail address',
      footnote: 'The link is valid for 24 hours. Until you confirm, your account keeps its current address.',
    },
    resetPassword: {
      subject: 'Reset your password',
      body: 'We received a request to reset the password of your Benchside account. Open the link below to choose a new password.',
      action: 'Reset password',
      footnote:
        'The link is valid for 30 minutes. If you did not ask for it, ignore this message: your password stays the same.',
    },
    twoFactorCode: {
      subject: 'Your Benchside sign-in code',
      body: 'Use this code to finish signing in to Benchside:',
      footnote:
        'The code is valid for 10 minutes and can be used once. If you did not try to sign in, change your password: someone knows it.',
    },
    passwordChanged: {
      subject: 'Your password was changed',
      body: 'The password of your Benchside account was just changed. Your other devices have been signed out.',
      action: 'Reset your password',
      footnote:
        'If you made this change, there is nothing more to do. If you did not, reset your password right away.',
    },
    twoFactorLocked: {
      subject: 'Sign-in codes for your account are blocked',
      body: 'Someone signed in to your Benchside account with your password and then entered many wrong sign-in codes. To protect your account, signing in with a code is blocked for up to an hour.',
      action: 'Reset your password',
      footnote:
        'If it was not you, reset your password right away: whoever tried knows it. If it was you, wait an hour and sign in again.',
    },
    emailChanged: {
      subject: 'Your e-mail address was changed',
      body: 'The e-mail address of your Benchside account was changed to {newEmail}. From now on, messages go to the new address.',
      footnote:
        'If you did not make this change, contact Benchside support right away: someone may have access to your account.',
    },
    registrationAttempt: {
      subject: 'Someone tried to register with your e-mail address',
      body: 'Someone just tried to create a Benchside account with this e-mail address, which already belongs to your account. No new account was created.',
      action: 'Reset your password',
      footnote:
        'If it was you, sign in with your username or e-mail address, or reset your password if you forgot it. If not, you can ignore this message.',
    },
    credentialPassword: {
      subject: 'New password for the tool sign-in {login}',
      body: 'A new password was generated for the tool sign-in {login} in the Benchside portal. Use it the next time you sign in to the Benchside desktop tools:',
      footnote:
        'Every session of this sign-in has been finished. If you did not ask for a new password, change it again in the portal and contact Benchside support.',
    },
    socialSignUp: {
      subject: 'Confirm your e-mail address to sign in with {provider}',
      body: 'Someone asked to create a Benchside account for this e-mail address that signs in with {provider}. Open the link below to create the account.',
      action: 'Create my account',
      footnote:
        'The link is valid for 24 hours. If you did not ask for this, ignore this message: no account is created and nobody gets access to your address.',
    },
    socialLinked: {
      subject: '{provider} was linked to your account',
      body: 'A {provider} account was just linked to your Benchside account. It can now be used to sign in.',
      action: 'Reset your password',
      footnote:
        'If you made this change, there is nothing more to do. If you did not, reset your password right away and unlink {provider} under Account Settings.',
    },
    socialUnlinked: {
      subject: '{provider} was unlinked from your account',
      body: 'The {provider} account linked to your Benchside account was just unlinked. It can no longer be used to sign in.',
      action: 'Reset your password',
      footnote:
        'If you made this change, there is nothing more to do. If you did not, reset your password right away: someone may have access to your account.',
    },
    twoFactorDisabled: {
      subject: 'Two-factor sign-in was turned off',
      body: 'Two-factor sign-in with an e-mailed code was just turned off for your Benchside account. Signing in now needs only your password.',
      action: 'Reset your password',
      footnote:
        'If you made this change, there is nothing more to do. If you did not, reset your password right away and turn two-factor sign-in on again under Account Settings.',
    },
    expiryReminder: {
      subject: 'A licence or credit pack of yours is about to expire',
      body: '{message}',
      action: 'Open my cards',
      footnote: 'You can turn these e-mails off in your account settings.',
    },
    watchDigest: {
      subject: 'New on your watch list',
      body: 'New packages were published yesterday for what you watch:\n{message}',
      action: 'Open my watch list',
      footnote: 'You can turn this daily e-mail off in your account settings.',
    },
  },
};

import type { MailCopy } from './mail-copy.ts';

/** The account e-mails in German. */
export const de: MailCopy = {
  greeting: (name) => `Hallo ${name},`,
  anonymousGreeting: 'Hallo,',
  linkHint: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diesen Link in Ihren Browser:',
  signature: 'Ihr Benchside-Team',
  kinds: {
    verifyEmail: {
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
      body: 'Vielen Dank für Ihre Registrierung bei Benchside. Bitte bestätigen Sie Ihre E-Mail-Adresse, um Ihr Konto zu aktivieren.',
      action: 'E-Mail-Adresse bestätigen',
      footnote:
        'Der Link ist 24 Stunden gültig. Wenn Sie kein Konto angelegt haben, können Sie diese Nachricht ignorieren.',
    },
    changeEmail: {
      subject: 'Änderung Ihrer E-Mail-Adresse',
      body: 'Wir haben eine Anfrage erhalten, die E-Mail-Adresse Ihres Benchside-Kontos in {newEmail} zu ändern. Öffnen Sie den folgenden Link, um fortzufahren.',
      action: 'Änderung fortsetzen',
      footnote:
        'Der Link ist 24 Stunden gültig. Wenn Sie diese Änderung nicht angefordert haben, ignorieren Sie diese Nachricht und ändern Sie Ihr Passwort.',
    },
    confirmEmail: {
      subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
      body: 'Bitte bestätigen Sie {newEmail} als neue E-Mail-Adresse Ihres Benchside-Kontos.',
      action: 'Neue E-Mail-Adresse bestätigen',
      footnote: 'Der Link ist 24 Stunden gültig. Bis zur Bestätigung behält Ihr Konto die bisherige Adresse.',
    },
    resetPassword: {
      subject: 'Passwort zurücksetzen',
      body: 'Wir haben eine Anfrage erhalten, das Passwort Ihres Benchside-Kontos zurückzusetzen. Öffnen Sie den folgenden Link, um ein neues Passwort festzulegen.',
      action: 'Passwort zurücksetzen',
      footnote:
        'Der Link ist 30 Minuten gültig. Wenn Sie dies nicht angefordert haben, ignorieren Sie diese Nachricht: Ihr Passwort bleibt unverändert.',
    },
    twoFactorCode: {
      subject: 'Ihr Benchside-Anmeldecode',
      body: 'Geben Sie diesen Code ein, um die Anmeldung bei Benchside abzuschließen:',
      footnote:
        'Der Code ist 10 Minuten gültig und kann nur einmal verwendet werden. Wenn Sie sich nicht anmelden wollten, ändern Sie Ihr Passwort: Jemand kennt es.',
    },
    passwordChanged: {
      subject: 'Ihr Passwort wurde geändert',
      body: 'Das Passwort Ihres Benchside-Kontos wurde soeben geändert. Ihre anderen Geräte wurden abgemeldet.',
      action: 'Passwort zurücksetzen',
      footnote:
        'Wenn Sie die Änderung selbst vorgenommen haben, ist nichts weiter zu tun. Andernfalls setzen Sie Ihr Passwort sofort zurück.',
    },
    twoFactorLocked: {
      subject: 'Anmeldecodes für Ihr Konto sind gesperrt',
      body: 'Jemand hat sich mit Ihrem Passwort bei Ihrem Benchside-Konto angemeldet und danach viele falsche Anmeldecodes eingegeben. Zum Schutz Ihres Kontos ist die Anmeldung mit Code für bis zu eine Stunde gesperrt.',
      action: 'Passwort zurücksetzen',
      footnote:
        'Wenn Sie das nicht waren, setzen Sie Ihr Passwort sofort zurück: Wer es versucht hat, kennt es. Wenn Sie es waren, warten Sie eine Stunde und melden Sie sich erneut an.',
    },
    emailChanged: {
      subject: 'Ihre E-Mail-Adresse wurde geändert',
      body: 'Die E-Mail-Adresse Ihres Benchside-Kontos wurde in {newEmail} geändert. Nachrichten gehen ab jetzt an die neue Adresse.',
      footnote:
        'Wenn Sie diese Änderung nicht vorgenommen haben, wenden Sie sich sofort an den Benchside-Support: Möglicherweise hat jemand Zugriff auf Ihr Konto.',
    },
    registrationAttempt: {
      subject: 'Registrierungsversuch mit Ihrer E-Mail-Adresse',
      body: 'Soeben hat jemand versucht, mit dieser E-Mail-Adresse ein Benchside-Konto anzulegen. Die Adresse gehört bereits zu Ihrem Konto, daher wurde kein neues Konto erstellt.',
      action: 'Passwort zurücksetzen',
      footnote:
        'Wenn Sie das waren, melden Sie sich mit Ihrem Benutzernamen oder Ihrer E-Mail-Adresse an oder setzen Sie Ihr Passwort zurück, falls Sie es vergessen haben. Andernfalls können Sie diese Nachricht ignorieren.',
    },
    credentialPassword: {
      subject: 'Neues Passwort für die Tool-Anmeldung {login}',
      body: 'Für die Tool-Anmeldung {login} wurde im Benchside-Portal ein neues Passwort erzeugt. Verwenden Sie es bei der nächsten Anmeldung in den Benchside-Desktop-Tools:',
      footnote:
        'Alle Sitzungen dieser Anmeldung wurden beendet. Wenn Sie kein neues Passwort angefordert haben, ändern Sie es im Portal erneut und wenden Sie sich an den Benchside-Support.',
    },
    socialSignUp: {
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse für die Anmeldung mit {provider}',
      body: 'Jemand möchte für diese E-Mail-Adresse ein Benchside-Konto anlegen, das sich mit {provider} anmeldet. Öffnen Sie den Link unten, um das Konto anzulegen.',
      action: 'Mein Konto anlegen',
      footnote:
        'Der Link ist 24 Stunden gültig. Wenn Sie das nicht angefordert haben, ignorieren Sie diese Nachricht: Es wird kein Konto angelegt, und niemand erhält Zugriff auf Ihre Adresse.',
    },
    socialLinked: {
      subject: '{provider} wurde mit Ihrem Konto verknüpft',
      body: 'Soeben wurde ein {provider}-Konto mit Ihrem Benchside-Konto verknüpft. Es kann jetzt zur Anmeldung verwendet werden.',
      action: 'Passwort zurücksetzen',
      footnote:
        'Wenn Sie diese Änderung vorgenommen haben, ist nichts weiter zu tun. Andernfalls setzen Sie sofort Ihr Passwort zurück und heben Sie die Verknüpfung mit {provider} in den Kontoeinstellungen auf.',
    },
    socialUnlinked: {
      subject: 'Die Verknüpfung mit {provider} wurde aufgehoben',
      body: 'Die Verknüpfung Ihres Benchside-Kontos mit dem {provider}-Konto wurde soeben aufgehoben. Es kann nicht mehr zur Anmeldung verwendet werden.',
      action: 'Passwort zurücksetzen',
      footnote:
        'Wenn Sie diese Änderung vorgenommen haben, ist nichts weiter zu tun. Andernfalls setzen Sie sofort Ihr Passwort zurück: Jemand könnte Zugriff auf Ihr Konto haben.',
    },
    twoFactorDisabled: {
      subject: 'Die Zwei-Faktor-Anmeldung wurde ausgeschaltet',
      body: 'Die Zwei-Faktor-Anmeldung mit einem per E-Mail gesendeten Code wurde für Ihr Benchside-Konto soeben ausgeschaltet. Zur Anmeldung genügt jetzt Ihr Passwort.',
      action: 'Passwort zurücksetzen',
      footnote:
        'Wenn Sie diese Änderung vorgenommen haben, ist nichts weiter zu tun. Andernfalls setzen Sie sofort Ihr Passwort zurück und schalten Sie die Zwei-Faktor-Anmeldung in den Kontoeinstellungen wieder ein.',
    },
    expiryReminder: {
      subject: 'Eine Lizenz oder ein Guthabenpaket läuft bald ab',
      body: '{message}',
      action: 'Meine Karten öffnen',
      footnote: 'Sie können diese E-Mails in Ihren Kontoeinstellungen abschalten.',
    },
    watchDigest: {
      subject: 'Neu auf Ihrer Beobachtungsliste',
      body: 'Gestern wurden neue Pakete für das veröffentlicht, was Sie beobachten:\n{message}',
      action: 'Meine Beobachtungsliste öffnen',
      footnote: 'Sie können diese tägliche E-Mail in Ihren Kontoeinstellungen abschalten.',
    },
  },
};

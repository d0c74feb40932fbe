import type { MailCopy } from './mail-copy.ts';

/** The account e-mails in French. */
export const fr: MailCopy = {
  greeting: (name) => `Bonjour ${name},`,
  anonymousGreeting: 'Bonjour,',
  linkHint: 'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :',
  signature: 'L’équipe Benchside',
  kinds: {
    verifyEmail: {
      subject: 'Confirmez votre adresse e-mail',
      body: 'Merci de vous être inscrit sur Benchside. Veuillez confirmer votre adresse e-mail pour activer votre compte.',
      action: 'Confirmer l’adresse e-mail',
      footnote:
        'Le lien est valable 24 heures. Si vous n’avez pas créé de compte, vous pouvez ignorer ce message.',
    },
    changeEmail: {
      subject: 'Modification de votre adresse e-mail',
      body: 'Nous avons reçu une demande de modification de l’adresse e-mail de votre compte Benchside en {newEmail}. Ouvrez le lien ci-dessous pour continuer.',
      action: 'Poursuivre la modification',
      footnote:
        'Le lien est valable 24 heures. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message et changez votre mot de passe.',
    },
    confirmEmail: {
      subject: 'Confirmez votre nouvelle adresse e-mail',
      body: 'Veuillez confirmer {newEmail} comme nouvelle adresse e-mail de votre compte Benchside.',
      action: 'Confirmer la nouvelle adresse',
      footnote:
        'Le lien est valable 24 heures. Tant que vous n’avez pas confirmé, votre compte conserve son adresse actuelle.',
    },
    resetPassword: {
      subject: 'Réinitialisez votre mot de passe',
      body: 'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Benchside. Ouvrez le lien ci-dessous pour choisir un nouveau mot de passe.',
      action: 'Réinitialiser le mot de passe',
      footnote:
        'Le lien est valable 30 minutes. Si vous ne l’avez pas demandé, ignorez ce message : votre mot de passe reste inchangé.',
    },
    twoFactorCode: {
      subject: 'Votre code de connexion Benchside',
      body: 'Saisissez ce code pour terminer votre connexion à Benchside :',
      footnote:
        'Le code est valable 10 minutes et ne peut être utilisé qu’une fois. Si vous n’avez pas tenté de vous connecter, changez votre mot de passe : quelqu’un le connaît.',
    },
    passwordChanged: {
      subject: 'Votre mot de passe a été modifié',
      body: 'Le mot de passe de votre compte Benchside vient d’être modifié. Vos autres appareils ont été déconnectés.',
      action: 'Réinitialiser le mot de passe',
      footnote:
        'Si vous êtes à l’origine de cette modification, vous n’avez rien d’autre à faire. Sinon, réinitialisez votre mot de passe immédiatement.',
    },
    twoFactorLocked: {
      subject: 'Les codes de connexion de votre compte sont bloqués',
      body: 'Quelqu’un s’est connecté à votre compte Benchside avec votre mot de passe, puis a saisi de nombreux codes de connexion erronés. Pour protéger votre compte, la connexion par code est bloquée pendant une heure au plus.',
      action: 'Réinitialiser le mot de passe',
      footnote:
        'Si ce n’était pas vous, réinitialisez votre mot de passe immédiatement : la personne qui a essayé le connaît. Si c’était vous, attendez une heure puis reconnectez-vous.',
    },
    emailChanged: {
      subject: 'Votre adresse e-mail a été modifiée',
      body: 'L’adresse e-mail de votre compte Benchside a été remplacée par {newEmail}. Les messages seront désormais envoyés à la nouvelle adresse.',
      footnote:
        'Si vous n’êtes pas à l’origine de cette modification, contactez immédiatement le support Benchside : quelqu’un a peut-être accès à votre compte.',
    },
    registrationAttempt: {
      subject: 'Tentative d’inscription avec votre adresse e-mail',
      body: 'Quelqu’un vient d’essayer de créer un compte Benchside avec cette adresse e-mail, qui appartient déjà à votre compte. Aucun nouveau compte n’a été créé.',
      action: 'Réinitialiser le mot de passe',
      footnote:
        'Si c’était vous, connectez-vous avec votre nom d’utilisateur ou votre adresse e-mail, ou réinitialisez votre mot de passe si vous l’avez oublié. Sinon, vous pouvez ignorer ce message.',
    },
    credentialPassword: {
      subject: 'Nouveau mot de passe pour l’identifiant d’outil {login}',
      body: 'Un nouveau mot de passe a été généré pour l’identifiant d’outil {login} dans le portail Benchside. Utilisez-le lors de votre prochaine connexion aux outils de bureau Benchside :',
      footnote:
        'Toutes les sessions de cet identifiant ont été fermées. Si vous n’avez pas demandé de nouveau mot de passe, changez-le à nouveau dans le portail et contactez le support Benchside.',
    },
    socialSignUp: {
      subject: 'Confirmez votre adresse e-mail pour vous connecter avec {provider}',
      body: 'Quelqu’un a demandé la création d’un compte Benchside pour cette adresse e-mail, qui se connecte avec {provider}. Ouvrez le lien ci-dessous pour créer le compte.',
      action: 'Créer mon compte',
      footnote:
        'Le lien est valable 24 heures. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : aucun compte n’est créé et personne n’obtient l’accès à votre adresse.',
    },
    socialLinked: {
      subject: '{provider} a été associé à votre compte',
      body: 'Un compte {provider} vient d’être associé à votre compte Benchside. Il peut désormais servir à vous connecter.',
      action: 'Réinitialiser le mot de passe',
      footnote:
        'Si vous avez fait cette modification, vous n’avez rien d’autre à faire. Sinon, réinitialisez votre mot de passe immédiatement et dissociez {provider} dans les paramètres du compte.',
    },
    socialUnlinked: {
      subject: '{provider} a été dissocié de votre compte',
      body: 'Le compte {provider} associé à votre compte Benchside vient d’être dissocié. Il ne peut plus servir à vous connecter.',
      action: 'Réinitialiser le mot de passe',
      footnote:
        'Si vous avez fait cette modification, vous n’avez rien d’autre à faire. Sinon, réinitialisez votre mot de passe immédiatement : quelqu’un a peut-être accès à votre compte.',
    },
    twoFactorDisabled: {
      subject: 'La connexion en deux étapes a été désactivée',
      body: 'La connexion en deux étapes avec un code envoyé par e-mail vient d’être désactivée pour votre compte Benchside. La connexion ne demande plus que votre mot de passe.',
      action: 'Réinitialiser le mot de passe',
      footnote:
        'Si vous avez fait cette modification, vous n’avez rien d’autre à faire. Sinon, réinitialisez votre mot de passe immédiatement et réactivez la connexion en deux étapes dans les paramètres du compte.',
    },
    expiryReminder: {
      subject: 'Une licence ou un pack de crédits arrive bientôt à expiration',
      body: '{message}',
      action: 'Ouvrir mes cartes',
      footnote: 'Vous pouvez désactiver ces e-mails dans les paramètres de votre compte.',
    },
    watchDigest: {
      subject: 'Nouveautés dans votre liste de suivi',
      body: 'De nouveaux paquets ont été publiés hier pour ce que vous suivez :\n{message}',
      action: 'Ouvrir ma liste de suivi',
      footnote: 'Vous pouvez désactiver cet e-mail quotidien dans les paramètres de votre compte.',
    },
  },
};

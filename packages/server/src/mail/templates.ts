import type { Language } from '@benchside/contracts/languages';
import { escapeHtml } from '../search-text.ts';

export type MailKind =
  | 'verifyEmail'
  | 'changeEmail'
  | 'confirmEmail'
  | 'resetPassword'
  | 'twoFactorCode'
  | 'passwordChanged'
  | 'twoFactorLocked'
  | 'emailChanged'
  | 'registrationAttempt'
  | 'credentialPassword'
  | 'socialSignUp'
  | 'socialLinked'
  | 'socialUnlinked'
  | 'twoFactorDisabled';

/**
 * What a template needs besides the language; `query`/`token` become the link (spec §2), whose
 * path a caller may replace with the `urlTo` it was given (always a path on PUBLIC_URL).
 */
export type MailContent =
  | { kind: 'verifyEmail'; query: Record<string, string>; path?: string }
  | { kind: 'changeEmail' | 'confirmEmail'; token: string; newEmail: string; path?: string }
  | { kind: 'resetPassword'; token: string; path?: string }
  | { kind: 'twoFactorCode'; code: string }
  | { kind: 'passwordChanged' | 'twoFactorLocked' | 'registrationAttempt' }
  | { kind: 'emailChanged'; newEmail: string }
  | { kind: 'credentialPassword'; login: string; password: string }
  | { kind: 'socialSignUp'; token: string; provider: string; path?: string }
  | { kind: 'socialLinked' | 'socialUnlinked'; provider: string }
  | { kind: 'twoFactorDisabled' };

export type MailTemplateInput = MailContent & { language: Language; name: string };

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/**
 * The four e-mail links the spec lists, and the forgot-password page the notices point to, all on
 * PUBLIC_URL (never the request's Host). The code and the e-mail-changed notice carry no link.
 */
const LINK_PATHS: Partial<Record<MailKind, string>> = {
  verifyEmail: '/auth/verify-email',
  changeEmail: '/account/change-email',
  confirmEmail: '/account/confirm-email',
  resetPassword: '/auth/reset-password',
  passwordChanged: '/auth/forgot-password',
  twoFactorLocked: '/auth/forgot-password',
  registrationAttempt: '/auth/forgot-password',
  socialSignUp: '/auth/verify-email',
  socialLinked: '/auth/forgot-password',
  socialUnlinked: '/auth/forgot-password',
  twoFactorDisabled: '/auth/forgot-password',
};

interface KindCopy {
  subject: string;
  /** May hold `{newEmail}`, `{login}` or `{provider}` (so may the subject). */
  body: string;
  /** The link's button; kinds without a link have none. */
  action?: string;
  footnote: string;
}

interface LanguageCopy {
  greeting(name: string): string;
  anonymousGreeting: string;
  linkHint: string;
  signature: string;
  kinds: Record<MailKind, KindCopy>;
}

const COPY: Record<Language, LanguageCopy> = {
  en: {
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
        footnote:
          'The link is valid for 24 hours. Until you confirm, your account keeps its current address.',
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
    },
  },
  zh: {
    greeting: (name) => `${name}，您好：`,
    anonymousGreeting: '您好：',
    linkHint: '如果按钮无法使用，请将以下链接复制到浏览器中打开：',
    signature: 'Benchside 团队',
    kinds: {
      verifyEmail: {
        subject: '请确认您的电子邮件地址',
        body: '感谢您注册 Benchside。请确认您的电子邮件地址以激活账户。',
        action: '确认电子邮件地址',
        footnote: '该链接在 24 小时内有效。如果您没有创建账户，请忽略此邮件。',
      },
      changeEmail: {
        subject: '更改您的电子邮件地址',
        body: '我们收到了将您的 Benchside 账户电子邮件地址更改为 {newEmail} 的请求。请打开下面的链接继续。',
        action: '继续更改',
        footnote: '该链接在 24 小时内有效。如果这不是您本人的操作，请忽略此邮件并修改您的密码。',
      },
      confirmEmail: {
        subject: '请确认您的新电子邮件地址',
        body: '请确认将 {newEmail} 作为您 Benchside 账户的新电子邮件地址。',
        action: '确认新电子邮件地址',
        footnote: '该链接在 24 小时内有效。在您确认之前，账户将继续使用当前地址。',
      },
      resetPassword: {
        subject: '重置您的密码',
        body: '我们收到了重置您 Benchside 账户密码的请求。请打开下面的链接设置新密码。',
        action: '重置密码',
        footnote: '该链接在 30 分钟内有效。如果这不是您本人的请求，请忽略此邮件，您的密码不会改变。',
      },
      twoFactorCode: {
        subject: '您的 Benchside 登录验证码',
        body: '请使用以下验证码完成 Benchside 登录：',
        footnote:
          '验证码在 10 分钟内有效，且只能使用一次。如果这不是您本人的登录，请立即修改密码：有人知道了您的密码。',
      },
      passwordChanged: {
        subject: '您的密码已更改',
        body: '您的 Benchside 账户密码刚刚被更改，其他设备已被退出登录。',
        action: '重置密码',
        footnote: '如果这是您本人的操作，无需任何处理。如果不是，请立即重置密码。',
      },
      twoFactorLocked: {
        subject: '您账户的登录验证码已被锁定',
        body: '有人使用您的密码登录了您的 Benchside 账户，随后多次输入了错误的登录验证码。为保护您的账户，验证码登录已被锁定，最长一小时。',
        action: '重置密码',
        footnote:
          '如果这不是您本人，请立即重置密码：尝试登录的人知道您的密码。如果是您本人，请一小时后再登录。',
      },
      emailChanged: {
        subject: '您的电子邮件地址已更改',
        body: '您的 Benchside 账户电子邮件地址已更改为 {newEmail}。今后的邮件将发送到新地址。',
        footnote: '如果这不是您本人的操作，请立即联系 Benchside 支持：可能有人获得了您账户的访问权限。',
      },
      registrationAttempt: {
        subject: '有人尝试使用您的电子邮件地址注册',
        body: '有人刚刚尝试使用此电子邮件地址创建 Benchside 账户，但该地址已属于您的账户，因此没有创建新账户。',
        action: '重置密码',
        footnote:
          '如果是您本人，请使用用户名或电子邮件地址登录；如果忘记了密码，可以重置密码。如果不是您本人，请忽略此邮件。',
      },
      credentialPassword: {
        subject: '工具登录 {login} 的新密码',
        body: '已在 Benchside 门户中为工具登录 {login} 生成了新密码。下次登录 Benchside 桌面工具时请使用该密码：',
        footnote:
          '此登录的所有会话均已结束。如果您没有申请新密码，请在门户中再次更改密码并联系 Benchside 支持。',
      },
      socialSignUp: {
        subject: '确认您的电子邮件地址以使用 {provider} 登录',
        body: '有人请求为此电子邮件地址创建一个使用 {provider} 登录的 Benchside 账户。打开下面的链接即可创建该账户。',
        action: '创建我的账户',
        footnote:
          '该链接在 24 小时内有效。如果这不是您本人的请求，请忽略此邮件：不会创建任何账户，也没有人能使用您的地址。',
      },
      socialLinked: {
        subject: '{provider} 已关联到您的账户',
        body: '一个 {provider} 账户刚刚关联到您的 Benchside 账户，现在可以用它登录。',
        action: '重置密码',
        footnote:
          '如果是您本人操作，无需再做任何事。如果不是，请立即重置密码，并在“账户设置”中取消关联 {provider}。',
      },
      socialUnlinked: {
        subject: '{provider} 已从您的账户取消关联',
        body: '与您的 Benchside 账户关联的 {provider} 账户刚刚被取消关联，已不能再用它登录。',
        action: '重置密码',
        footnote: '如果是您本人操作，无需再做任何事。如果不是，请立即重置密码：可能有人能访问您的账户。',
      },
      twoFactorDisabled: {
        subject: '双重验证登录已关闭',
        body: '您的 Benchside 账户刚刚关闭了通过电子邮件验证码进行的双重验证登录。现在登录只需要密码。',
        action: '重置密码',
        footnote:
          '如果是您本人操作，无需再做任何事。如果不是，请立即重置密码，并在“账户设置”中重新开启双重验证登录。',
      },
    },
  },
  es: {
    greeting: (name) => `Hola, ${name}:`,
    anonymousGreeting: 'Hola:',
    linkHint: 'Si el botón no funciona, copia este enlace en tu navegador:',
    signature: 'El equipo de Benchside',
    kinds: {
      verifyEmail: {
        subject: 'Confirma tu dirección de correo electrónico',
        body: 'Gracias por registrarte en Benchside. Confirma tu dirección de correo electrónico para activar tu cuenta.',
        action: 'Confirmar correo electrónico',
        footnote:
          'El enlace es válido durante 24 horas. Si no has creado una cuenta, puedes ignorar este mensaje.',
      },
      changeEmail: {
        subject: 'Cambio de tu dirección de correo electrónico',
        body: 'Hemos recibido una solicitud para cambiar la dirección de correo de tu cuenta de Benchside a {newEmail}. Abre el siguiente enlace para continuar.',
        action: 'Continuar con el cambio',
        footnote:
          'El enlace es válido durante 24 horas. Si no has solicitado este cambio, ignora este mensaje y cambia tu contraseña.',
      },
      confirmEmail: {
        subject: 'Confirma tu nueva dirección de correo electrónico',
        body: 'Confirma {newEmail} como la nueva dirección de correo electrónico de tu cuenta de Benchside.',
        action: 'Confirmar la nueva dirección',
        footnote:
          'El enlace es válido durante 24 horas. Hasta que lo confirmes, tu cuenta conserva su dirección actual.',
      },
      resetPassword: {
        subject: 'Restablece tu contraseña',
        body: 'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta de Benchside. Abre el siguiente enlace para elegir una nueva contraseña.',
        action: 'Restablecer contraseña',
        footnote:
          'El enlace es válido durante 30 minutos. Si no lo has solicitado, ignora este mensaje: tu contraseña no cambiará.',
      },
      twoFactorCode: {
        subject: 'Tu código de inicio de sesión de Benchside',
        body: 'Usa este código para terminar de iniciar sesión en Benchside:',
        footnote:
          'El código es válido durante 10 minutos y solo se puede usar una vez. Si no has intentado iniciar sesión, cambia tu contraseña: alguien la conoce.',
      },
      passwordChanged: {
        subject: 'Tu contraseña ha cambiado',
        body: 'La contraseña de tu cuenta de Benchside se acaba de cambiar. Se ha cerrado la sesión en tus otros dispositivos.',
        action: 'Restablecer la contraseña',
        footnote:
          'Si has hecho tú este cambio, no tienes que hacer nada más. Si no, restablece tu contraseña de inmediato.',
      },
      twoFactorLocked: {
        subject: 'Los códigos de inicio de sesión de tu cuenta están bloqueados',
        body: 'Alguien inició sesión en tu cuenta de Benchside con tu contraseña y después introdujo muchos códigos de inicio de sesión incorrectos. Para proteger tu cuenta, el inicio de sesión con código queda bloqueado durante un máximo de una hora.',
        action: 'Restablecer la contraseña',
        footnote:
          'Si no fuiste tú, restablece tu contraseña de inmediato: quien lo intentó la conoce. Si fuiste tú, espera una hora y vuelve a iniciar sesión.',
      },
      emailChanged: {
        subject: 'Tu dirección de correo electrónico ha cambiado',
        body: 'La dirección de correo de tu cuenta de Benchside se ha cambiado a {newEmail}. A partir de ahora, los mensajes se enviarán a la nueva dirección.',
        footnote:
          'Si no has hecho este cambio, ponte en contacto con el soporte de Benchside de inmediato: alguien podría tener acceso a tu cuenta.',
      },
      registrationAttempt: {
        subject: 'Alguien intentó registrarse con tu dirección de correo electrónico',
        body: 'Alguien acaba de intentar crear una cuenta de Benchside con esta dirección de correo, que ya pertenece a tu cuenta. No se ha creado ninguna cuenta nueva.',
        action: 'Restablecer la contraseña',
        footnote:
          'Si fuiste tú, inicia sesión con tu nombre de usuario o correo electrónico, o restablece tu contraseña si la has olvidado. Si no, puedes ignorar este mensaje.',
      },
      credentialPassword: {
        subject: 'Nueva contraseña para el acceso a herramientas {login}',
        body: 'Se ha generado una nueva contraseña para el acceso a herramientas {login} en el portal de Benchside. Úsala la próxima vez que inicies sesión en las herramientas de escritorio de Benchside:',
        footnote:
          'Todas las sesiones de este acceso se han cerrado. Si no pediste una nueva contraseña, cámbiala de nuevo en el portal y contacta con el soporte de Benchside.',
      },
      socialSignUp: {
        subject: 'Confirma tu dirección de correo para iniciar sesión con {provider}',
        body: 'Alguien ha pedido crear una cuenta de Benchside para esta dirección de correo que inicia sesión con {provider}. Abre el enlace de abajo para crear la cuenta.',
        action: 'Crear mi cuenta',
        footnote:
          'El enlace es válido durante 24 horas. Si no lo has pedido tú, ignora este mensaje: no se crea ninguna cuenta y nadie obtiene acceso a tu dirección.',
      },
      socialLinked: {
        subject: '{provider} se ha vinculado a tu cuenta',
        body: 'Se acaba de vincular una cuenta de {provider} a tu cuenta de Benchside. Ahora se puede usar para iniciar sesión.',
        action: 'Restablecer la contraseña',
        footnote:
          'Si has hecho tú este cambio, no tienes que hacer nada más. Si no, restablece tu contraseña de inmediato y desvincula {provider} en la configuración de la cuenta.',
      },
      socialUnlinked: {
        subject: '{provider} se ha desvinculado de tu cuenta',
        body: 'La cuenta de {provider} vinculada a tu cuenta de Benchside se acaba de desvincular. Ya no se puede usar para iniciar sesión.',
        action: 'Restablecer la contraseña',
        footnote:
          'Si has hecho tú este cambio, no tienes que hacer nada más. Si no, restablece tu contraseña de inmediato: alguien podría tener acceso a tu cuenta.',
      },
      twoFactorDisabled: {
        subject: 'Se ha desactivado el inicio de sesión en dos pasos',
        body: 'Se acaba de desactivar el inicio de sesión en dos pasos con un código por correo en tu cuenta de Benchside. Ahora para iniciar sesión solo se necesita la contraseña.',
        action: 'Restablecer la contraseña',
        footnote:
          'Si has hecho tú este cambio, no tienes que hacer nada más. Si no, restablece tu contraseña de inmediato y vuelve a activar el inicio de sesión en dos pasos en la configuración de la cuenta.',
      },
    },
  },
  ja: {
    greeting: (name) => `${name} 様`,
    anonymousGreeting: 'こんにちは。',
    linkHint: 'ボタンが機能しない場合は、次のリンクをブラウザーにコピーしてください：',
    signature: 'Benchside チーム',
    kinds: {
      verifyEmail: {
        subject: 'メールアドレスの確認',
        body: 'Benchside にご登録いただきありがとうございます。アカウントを有効にするため、メールアドレスを確認してください。',
        action: 'メールアドレスを確認する',
        footnote:
          'このリンクの有効期限は 24 時間です。アカウントを作成していない場合は、このメールを無視してください。',
      },
      changeEmail: {
        subject: 'メールアドレス変更のお知らせ',
        body: 'Benchside アカウントのメールアドレスを {newEmail} に変更するリクエストを受け付けました。続行するには下のリンクを開いてください。',
        action: '変更を続行する',
        footnote:
          'このリンクの有効期限は 24 時間です。お心当たりがない場合は、このメールを無視してパスワードを変更してください。',
      },
      confirmEmail: {
        subject: '新しいメールアドレスの確認',
        body: '{newEmail} を Benchside アカウントの新しいメールアドレスとして確認してください。',
        action: '新しいメールアドレスを確認する',
        footnote: 'このリンクの有効期限は 24 時間です。確認が完了するまで、現在のアドレスが使用されます。',
      },
      resetPassword: {
        subject: 'パスワードの再設定',
        body: 'Benchside アカウントのパスワード再設定のリクエストを受け付けました。下のリンクを開いて新しいパスワードを設定してください。',
        action: 'パスワードを再設定する',
        footnote:
          'このリンクの有効期限は 30 分です。お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。',
      },
      twoFactorCode: {
        subject: 'Benchside のサインインコード',
        body: 'Benchside へのサインインを完了するには、次のコードを入力してください：',
        footnote:
          'このコードの有効期限は 10 分で、1 回だけ使用できます。サインインしようとしていない場合は、パスワードを変更してください。第三者にパスワードを知られています。',
      },
      passwordChanged: {
        subject: 'パスワードが変更されました',
        body: 'Benchside アカウントのパスワードが変更されました。ほかのデバイスはサインアウトされました。',
        action: 'パスワードを再設定する',
        footnote:
          'ご自身で変更した場合は、何もする必要はありません。お心当たりがない場合は、すぐにパスワードを再設定してください。',
      },
      twoFactorLocked: {
        subject: 'アカウントのサインインコードがブロックされました',
        body: '何者かがあなたのパスワードで Benchside アカウントにサインインし、その後、誤ったサインインコードを何度も入力しました。アカウントを保護するため、コードによるサインインを最長 1 時間ブロックしています。',
        action: 'パスワードを再設定する',
        footnote:
          'お心当たりがない場合は、すぐにパスワードを再設定してください。試みた人物はパスワードを知っています。ご本人の場合は、1 時間後にもう一度サインインしてください。',
      },
      emailChanged: {
        subject: 'メールアドレスが変更されました',
        body: 'Benchside アカウントのメールアドレスが {newEmail} に変更されました。今後のメールは新しいアドレスに送信されます。',
        footnote:
          'お心当たりがない場合は、すぐに Benchside サポートにご連絡ください。第三者がアカウントにアクセスしている可能性があります。',
      },
      registrationAttempt: {
        subject: 'お使いのメールアドレスで登録が試みられました',
        body: 'このメールアドレスで Benchside アカウントを作成しようとする操作がありましたが、このアドレスはすでにお客様のアカウントで使用されているため、新しいアカウントは作成されませんでした。',
        action: 'パスワードを再設定する',
        footnote:
          'ご本人の場合は、ユーザー名またはメールアドレスでサインインしてください。パスワードをお忘れの場合は再設定できます。お心当たりがない場合は、このメールを無視してください。',
      },
      credentialPassword: {
        subject: 'ツールのサインイン {login} の新しいパスワード',
        body: 'Benchside ポータルでツールのサインイン {login} の新しいパスワードが生成されました。次回 Benchside デスクトップツールにサインインするときに使用してください：',
        footnote:
          'このサインインのすべてのセッションは終了しました。新しいパスワードを依頼していない場合は、ポータルで再度変更し、Benchside サポートに連絡してください。',
      },
      socialSignUp: {
        subject: '{provider} でサインインするためにメールアドレスを確認してください',
        body: 'このメールアドレスで {provider} を使ってサインインする Benchside アカウントの作成が依頼されました。下のリンクを開くとアカウントが作成されます。',
        action: 'アカウントを作成',
        footnote:
          'このリンクの有効期間は 24 時間です。心当たりがない場合は、このメールを無視してください。アカウントは作成されず、誰もあなたのアドレスを使えません。',
      },
      socialLinked: {
        subject: '{provider} がアカウントに連携されました',
        body: '{provider} アカウントがあなたの Benchside アカウントに連携されました。今後はこれを使ってサインインできます。',
        action: 'パスワードを再設定',
        footnote:
          'ご自身で変更した場合は、何もする必要はありません。心当たりがない場合は、すぐにパスワードを再設定し、アカウント設定で {provider} の連携を解除してください。',
      },
      socialUnlinked: {
        subject: '{provider} とアカウントの連携が解除されました',
        body: 'あなたの Benchside アカウントに連携されていた {provider} アカウントの連携が解除されました。今後はこれを使ってサインインできません。',
        action: 'パスワードを再設定',
        footnote:
          'ご自身で変更した場合は、何もする必要はありません。心当たりがない場合は、すぐにパスワードを再設定してください。第三者がアカウントにアクセスしている可能性があります。',
      },
      twoFactorDisabled: {
        subject: '2 段階認証サインインがオフになりました',
        body: 'あなたの Benchside アカウントで、メールで届くコードによる 2 段階認証サインインがオフになりました。今後のサインインにはパスワードだけが必要です。',
        action: 'パスワードを再設定',
        footnote:
          'ご自身で変更した場合は、何もする必要はありません。心当たりがない場合は、すぐにパスワードを再設定し、アカウント設定で 2 段階認証サインインを再びオンにしてください。',
      },
    },
  },
  de: {
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
        footnote:
          'Der Link ist 24 Stunden gültig. Bis zur Bestätigung behält Ihr Konto die bisherige Adresse.',
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
    },
  },
  fr: {
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
    },
  },
};

function linkQuery(content: MailContent): Record<string, string> {
  switch (content.kind) {
    case 'verifyEmail':
      return content.query;
    case 'changeEmail':
    case 'confirmEmail':
    case 'resetPassword':
    case 'socialSignUp':
      return { token: content.token };
    default:
      return {};
  }
}

/** The mail's link on PUBLIC_URL, or null for the kinds without one. */
export function mailLink(publicUrl: string, content: MailContent): string | null {
  const defaultPath = LINK_PATHS[content.kind];
  if (!defaultPath) return null;
  const path = 'path' in content && content.path ? content.path : defaultPath;
  // Appended rather than resolved, so a PUBLIC_URL with a path prefix keeps it.
  const url = new URL(`${publicUrl}${path}`);
  if (url.origin !== new URL(publicUrl).origin) throw new Error(`Mail link path leaves PUBLIC_URL: ${path}`);
  for (const [key, value] of Object.entries(linkQuery(content))) url.searchParams.set(key, value);
  return url.toString();
}

/** Subject, plain text and HTML of one of the account e-mails, in the user's language. */
export function renderMail(publicUrl: string, input: MailTemplateInput): RenderedMail {
  const copy = COPY[input.language];
  const kind = copy.kinds[input.kind];
  const link = mailLink(publicUrl, input);
  // A sign-in code, or a tool sign-in's new password: both stand out on a line of their own.
  const code =
    input.kind === 'twoFactorCode' ? input.code : input.kind === 'credentialPassword' ? input.password : null;
  const newEmail = 'newEmail' in input ? input.newEmail : '';
  const login = input.kind === 'credentialPassword' ? input.login : '';
  const provider = 'provider' in input ? input.provider : '';
  const subject = kind.subject.replace('{login}', login).replace('{provider}', provider);
  const greeting = input.name.trim() ? copy.greeting(input.name.trim()) : copy.anonymousGreeting;
  const body = kind.body
    .replace('{newEmail}', newEmail)
    .replace('{login}', login)
    .replace('{provider}', provider);
  const htmlBody = escapeHtml(kind.body)
    .replace('{newEmail}', `<strong>${escapeHtml(newEmail)}</strong>`)
    .replace('{login}', `<strong>${escapeHtml(login)}</strong>`)
    .replace('{provider}', escapeHtml(provider));
  const footnote = kind.footnote.replace('{provider}', provider);
  const action = link ? `${kind.action ?? link}: ${link}` : null;

  const text = [
    greeting,
    '',
    body,
    '',
    ...(code ? [code, ''] : []),
    ...(action ? [action, ''] : []),
    footnote,
    '',
    copy.signature,
    '',
  ].join('\n');
  const paragraph = 'margin:0 0 16px;font-size:15px;line-height:1.5;color:#181c32';
  const codeBlock = code
    ? `<p style="margin:24px 0;font-family:Consolas,Menlo,monospace;font-size:32px;font-weight:bold;letter-spacing:8px;color:#181c32">${escapeHtml(code)}</p>\n`
    : '';
  const linkBlock = link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 24px;background:#009EF7;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold">${escapeHtml(kind.action ?? link)}</a></p>
<p style="${paragraph};font-size:13px;color:#5e6278">${escapeHtml(copy.linkHint)}<br><a href="${escapeHtml(link)}" style="color:#009EF7;word-break:break-all">${escapeHtml(link)}</a></p>\n`
    : '';
  const html = `<!doctype html>
<html lang="${input.language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f8fa;font-family:Arial,Helvetica,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;padding:32px">
<tr><td>
<p style="${paragraph};font-weight:bold;font-size:20px">Benchside</p>
<p style="${paragraph}">${escapeHtml(greeting)}</p>
<p style="${paragraph}">${htmlBody}</p>
${codeBlock}${linkBlock}<p style="${paragraph};font-size:13px;color:#5e6278">${escapeHtml(footnote)}</p>
<p style="${paragraph}">${escapeHtml(copy.signature)}</p>
</td></tr></table>
</td></tr></table>
</body>
</html>
`;
  return { subject, text, html };
}

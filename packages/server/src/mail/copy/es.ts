import type { MailCopy } from './mail-copy.ts';

/** The account e-mails in Spanish. */
export const es: MailCopy = {
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
    expiryReminder: {
      subject: 'Una licencia o un paquete de créditos está a punto de caducar',
      body: '{message}',
      action: 'Abrir mis tarjetas',
      footnote: 'Puede desactivar estos correos en la configuración de su cuenta.',
    },
    watchDigest: {
      subject: 'Novedades en su lista de seguimiento',
      body: 'Ayer se publicaron nuevos paquetes de lo que usted sigue:\n{message}',
      action: 'Abrir mi lista de seguimiento',
      footnote: 'Puede desactivar este correo diario en la configuración de su cuenta.',
    },
  },
};

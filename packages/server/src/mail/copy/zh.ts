import type { MailCopy } from './mail-copy.ts';

/** The account e-mails in Simplified Chinese. */
export const zh: MailCopy = {
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
    expiryReminder: {
      subject: '您的许可证或积分包即将到期',
      body: '{message}',
      action: '打开我的卡',
      footnote: '您可以在账户设置中关闭这些邮件。',
    },
    watchDigest: {
      subject: '您的关注列表有更新',
      body: '昨天您关注的项目发布了新的软件包：\n{message}',
      action: '打开我的关注列表',
      footnote: '您可以在账户设置中关闭这封每日邮件。',
    },
  },
};

/**
 * The e-mails the server writes, in English: the source the other languages translate. `{name}` marks a
 * value filled in when the e-mail is written; every language uses the same ones (mail-texts.test.ts).
 */
export const en = {
  "reset.subject": "Reset your Rewards Admin password",
  "reset.text":
    "Hello {name},\n\nOpen this link within one hour to choose a new password:\n{link}\n\nIf you did not ask for it, you can ignore this e-mail.",
  "invite.subject": "You are invited to {app} on Rewards Admin",
  "invite.text":
    "Hello,\n\nYou are invited to join {app} as {role}. Open this link within 7 days to accept:\n{link}\n\nIf you did not expect it, you can ignore this e-mail.",
  "invite.unnamedApp": "an app",
  "role.owner": "owner",
  "role.admin": "administrator",
  "role.support": "support agent",
  "role.viewer": "viewer",
  "testMail.subject": "Test e-mail from your rewards app",
  "testMail.text": "This is a test message sent through the Mailgun domain {domain}. Mail sending works.",
  "reward.subject": "Your {reward} is here",
  "reward.body": "<p>Thank you for using our app! Your reward is below.</p>",
  "reward.code": "Gift card code",
  "reward.pin": "PIN",
} as const;

export type MailTextKey = keyof typeof en;
export type MailTexts = Record<MailTextKey, string>;

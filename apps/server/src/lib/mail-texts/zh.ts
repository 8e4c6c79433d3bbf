import type { MailTexts } from "./en.ts";

export const zh: MailTexts = {
  "reset.subject": "重置您的 Rewards Admin 密码",
  "reset.text":
    "{name}，您好：\n\n请在一小时内打开以下链接设置新密码：\n{link}\n\n如果这不是您本人的操作，请忽略此邮件。",
  "invite.subject": "邀请您加入 Rewards Admin 上的 {app}",
  "invite.text":
    "您好：\n\n您受邀以{role}身份加入 {app}。请在 7 天内打开以下链接接受邀请：\n{link}\n\n如果您没有预期收到此邀请，请忽略此邮件。",
  "invite.unnamedApp": "一个应用",
  "role.owner": "所有者",
  "role.admin": "管理员",
  "role.support": "客服",
  "role.viewer": "查看者",
  "testMail.subject": "来自您奖励应用的测试邮件",
  "testMail.text": "这是一封通过 Mailgun 域名 {domain} 发送的测试邮件。邮件发送功能正常。",
  "reward.subject": "您的 {reward} 已到账",
  "reward.body": "<p>感谢您使用我们的应用！您的奖励如下。</p>",
  "reward.code": "礼品卡代码",
  "reward.pin": "PIN",
};

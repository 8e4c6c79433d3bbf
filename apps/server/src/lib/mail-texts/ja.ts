import type { MailTexts } from "./en.ts";

export const ja: MailTexts = {
  "reset.subject": "Rewards Admin のパスワード再設定",
  "reset.text":
    "{name} 様\n\n1 時間以内に次のリンクを開き、新しいパスワードを設定してください。\n{link}\n\nお心当たりがない場合は、このメールを無視してください。",
  "invite.subject": "Rewards Admin の {app} への招待",
  "invite.text":
    "こんにちは。\n\n{app} に{role}として招待されました。7 日以内に次のリンクを開いて招待を承諾してください。\n{link}\n\nお心当たりがない場合は、このメールを無視してください。",
  "invite.unnamedApp": "アプリ",
  "role.owner": "オーナー",
  "role.admin": "管理者",
  "role.support": "サポート担当",
  "role.viewer": "閲覧者",
  "testMail.subject": "特典アプリからのテストメール",
  "testMail.text":
    "Mailgun ドメイン {domain} から送信したテストメッセージです。メール送信は正常に動作しています。",
  "reward.subject": "{reward} をお届けします",
  "reward.body": "<p>アプリをご利用いただきありがとうございます。特典は以下のとおりです。</p>",
  "reward.code": "ギフトカードコード",
  "reward.pin": "PIN",
};

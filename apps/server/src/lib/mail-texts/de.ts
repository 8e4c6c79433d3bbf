import type { MailTexts } from "./en.ts";

export const de: MailTexts = {
  "reset.subject": "Ihr Passwort für Rewards Admin zurücksetzen",
  "reset.text":
    "Hallo {name},\n\nöffnen Sie innerhalb einer Stunde diesen Link, um ein neues Passwort zu wählen:\n{link}\n\nWenn Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren.",
  "invite.subject": "Einladung zu {app} in Rewards Admin",
  "invite.text":
    "Hallo,\n\nSie sind eingeladen, {app} als {role} beizutreten. Öffnen Sie diesen Link innerhalb von 7 Tagen, um die Einladung anzunehmen:\n{link}\n\nWenn Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.",
  "invite.unnamedApp": "einer App",
  "role.owner": "Inhaber",
  "role.admin": "Administrator",
  "role.support": "Support-Mitarbeiter",
  "role.viewer": "Betrachter",
  "testMail.subject": "Test-E-Mail Ihrer Prämien-App",
  "testMail.text":
    "Dies ist eine Testnachricht, gesendet über die Mailgun-Domain {domain}. Der E-Mail-Versand funktioniert.",
  "reward.subject": "Ihre Prämie {reward} ist da",
  "reward.body": "<p>Vielen Dank, dass Sie unsere App nutzen! Ihre Prämie finden Sie unten.</p>",
  "reward.code": "Gutscheincode",
  "reward.pin": "PIN",
};

import type { MailTexts } from "./en.ts";

export const fr: MailTexts = {
  "reset.subject": "Réinitialisez votre mot de passe Rewards Admin",
  "reset.text":
    "Bonjour {name},\n\nOuvrez ce lien dans l’heure pour choisir un nouveau mot de passe :\n{link}\n\nSi vous n’êtes pas à l’origine de cette demande, vous pouvez ignorer cet e-mail.",
  "invite.subject": "Vous êtes invité à rejoindre {app} sur Rewards Admin",
  "invite.text":
    "Bonjour,\n\nVous êtes invité à rejoindre {app} en tant que {role}. Ouvrez ce lien dans les 7 jours pour accepter :\n{link}\n\nSi vous n’attendiez pas cette invitation, vous pouvez ignorer cet e-mail.",
  "invite.unnamedApp": "une app",
  "role.owner": "propriétaire",
  "role.admin": "administrateur",
  "role.support": "agent du support",
  "role.viewer": "lecteur",
  "testMail.subject": "E-mail de test de votre app de récompenses",
  "testMail.text":
    "Ceci est un message de test envoyé via le domaine Mailgun {domain}. L’envoi d’e-mails fonctionne.",
  "reward.subject": "Votre {reward} est arrivé",
  "reward.body": "<p>Merci d’utiliser notre app ! Voici votre récompense ci-dessous.</p>",
  "reward.code": "Code de la carte cadeau",
  "reward.pin": "PIN",
};

import type { MailTexts } from "./en.ts";

export const es: MailTexts = {
  "reset.subject": "Restablezca su contraseña de Rewards Admin",
  "reset.text":
    "Hola, {name}:\n\nAbra este enlace en el plazo de una hora para elegir una nueva contraseña:\n{link}\n\nSi no lo ha solicitado, puede ignorar este correo.",
  "invite.subject": "Le han invitado a {app} en Rewards Admin",
  "invite.text":
    "Hola:\n\nLe han invitado a unirse a {app} como {role}. Abra este enlace en un plazo de 7 días para aceptar:\n{link}\n\nSi no esperaba esta invitación, puede ignorar este correo.",
  "invite.unnamedApp": "una app",
  "role.owner": "propietario",
  "role.admin": "administrador",
  "role.support": "agente de soporte",
  "role.viewer": "observador",
  "testMail.subject": "Correo de prueba de su app de recompensas",
  "testMail.text":
    "Este es un mensaje de prueba enviado a través del dominio de Mailgun {domain}. El envío de correo funciona.",
  "reward.subject": "Aquí tiene su {reward}",
  "reward.body": "<p>¡Gracias por usar nuestra app! A continuación encontrará su recompensa.</p>",
  "reward.code": "Código de la tarjeta regalo",
  "reward.pin": "PIN",
};

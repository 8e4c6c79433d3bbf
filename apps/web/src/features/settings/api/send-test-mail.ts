import { type MailTestBody, mailTestBodySchema, settingsEndpoints } from "@rewards/contract";
import { useMutation } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";

/** Sends a real message through the saved Mailgun config; answers what happened. */
export function sendTestMail(body: MailTestBody) {
  return call(settingsEndpoints.testMail, { body: mailTestBodySchema.parse(body) });
}

export const useSendTestMail = () => useMutation({ mutationFn: sendTestMail });

import { type MailTestBody, mailTestBodySchema } from "@rewards/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

/** Sends a real message through the saved Mailgun config; answers what happened. */
export function sendTestMail(body: MailTestBody): Promise<{ message: string }> {
  return api.post<{ message: string }>("/api/setting/mailgun/test", mailTestBodySchema.parse(body));
}

export const useSendTestMail = () => useMutation({ mutationFn: sendTestMail });

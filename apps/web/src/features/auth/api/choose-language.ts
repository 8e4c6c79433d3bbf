import { type Language, profileEndpoints } from "@rewards/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { useAuthStore } from "../../../lib/auth-store";
import { showLanguage } from "../../../lib/i18n";
import { authKeys } from "./keys";

/**
 * Shows another language; a signed-in member's choice is kept in their profile first, so every browser
 * they sign in from opens in it (before sign-in, this browser keeps it). The cached profile takes the
 * answer before the language changes (useProfile hands it to the auth store): the screens remount in the
 * new language and must not read the old choice from it.
 */
export function useChooseLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (language: Language) => {
      if (useAuthStore.getState().authToken) {
        const profile = await call(profileEndpoints.update, { body: { language } });
        queryClient.setQueryData(authKeys.profile(), profile);
      }
      await showLanguage(language);
    },
  });
}

import { useAuthStore } from "./auth-store";

/** The signed-in administrator's id: settings calls carry it in their path (SPEC 7). */
export function useCurrentAdminId(): string {
  return useAuthStore((state) => state.user?._id ?? "");
}

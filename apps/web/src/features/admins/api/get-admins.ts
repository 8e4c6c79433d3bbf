import type { AdminListAnswer } from "@rewards/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const adminsQueryKey = ["admins"] as const;

export function getAdmins({ signal }: { signal?: AbortSignal } = {}): Promise<AdminListAnswer> {
  return api.get<AdminListAnswer>("/api/admins", { signal });
}

export function getAdminsQueryOptions() {
  return queryOptions({ queryKey: [...adminsQueryKey, "list"], queryFn: getAdmins });
}

export function useAdmins() {
  return useQuery(getAdminsQueryOptions());
}

import { type ViewCreateBody, type ViewList, viewEndpoints } from "@rewards/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../lib/api-client";

/** Every saved views query starts with "savedViews"; one invalidation refreshes each list's tabs. */
export const savedViewsKeys = {
  all: ["savedViews"] as const,
  list: (list: ViewList) => [...savedViewsKeys.all, list] as const,
};

/** The member's own views of a list and the app's shared ones, ordered by name. */
export function useSavedViews(list: ViewList) {
  return useQuery({
    queryKey: savedViewsKeys.list(list),
    queryFn: ({ signal }) => call(viewEndpoints.list, { query: { list } }, { signal }),
    select: (answer) => answer.views,
  });
}

/** Saves the list's current state under a name; errors (409 name taken, 403) are the caller's to show. */
export function useSaveView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ViewCreateBody) => call(viewEndpoints.create, { body }),
    onSuccess: (view) => queryClient.invalidateQueries({ queryKey: savedViewsKeys.list(view.list) }),
  });
}

export function useDeleteView(list: ViewList) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(viewEndpoints.delete, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedViewsKeys.list(list) }),
  });
}

import { useOutletContext } from "react-router";

/** What a list hands to the modals rendered by its child routes. */
export type ListOutletContext<T> = {
  /** The list's own path, without its query string. */
  listPath: string;
  selected: T[];
  clearSelection: () => void;
};

export function useListOutlet<T>() {
  return useOutletContext<ListOutletContext<T>>();
}

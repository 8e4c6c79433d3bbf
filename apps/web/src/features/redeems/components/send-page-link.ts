import { useLocation } from "react-router";
import { paths } from "../../../lib/paths";

type SendPageState = { listSearch?: string };

/** Props for a Link to the Send Redeem page that remembers the list's query string for the way back. */
export function sendPageLink(id: string, listSearch: string) {
  return {
    to: paths.redeems.pay(id),
    state: { listSearch } satisfies SendPageState,
  };
}

/** Where Back, Cancel and a successful send go: the list, with its filters when the list opened us. */
export function useBackToList() {
  const state = useLocation().state as SendPageState | null;
  const search = typeof state?.listSearch === "string" ? state.listSearch : "";
  return { pathname: paths.redeems.list, search };
}

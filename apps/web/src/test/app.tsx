import { type Profile, viewLists } from "@rewards/contract";
import { matchRoutes } from "react-router";
import { useAuthStore } from "../lib/auth-store";
import { showTimeZone } from "../lib/language";
import { routes } from "../router";
import { owner } from "./members";
import { type FetchCall, renderWithProviders, stubFetch } from "./render";

export { owner } from "./members";

type Answer = { status?: number; body?: unknown };

/**
 * What the dashboard's frame asks on every screen: the profile, the apps of the header's switcher, and a
 * list's saved views.
 */
const shellAnswers = (user: Profile): Record<string, Answer> => ({
  "/api/profile/me": { body: user },
  "/api/profile/apps": { body: { apps: [{ appId: user.appId, appName: "Ann's app", role: user.role }] } },
  // The saved views above each list (none saved): their tests are the list kit's.
  ...Object.fromEntries(viewLists.map((list) => [`/api/views?list=${list}`, { body: { views: [] } }])),
});

/**
 * The whole app, signed in, at `url`; `answer` replies to the API calls of the screen under test
 * (the profile call is answered here, with `user`). Returns the recorded calls and the router.
 */
export function renderApp(
  url: string,
  answer: (call: FetchCall) => Answer | Promise<Answer>,
  user: Profile = owner,
) {
  useAuthStore.setState({ authToken: "jwt-1", user });
  // As main.tsx does with the profile kept from the last visit: its app's zone comes with it.
  showTimeZone(user.timeZone);
  const calls = stubFetch((call) => shellAnswers(user)[call.url] ?? answer(call));
  const view = renderWithProviders(null, { routes, initialEntries: [url] });
  const apiCalls = () => calls.filter((call) => !(call.url in shellAnswers(user)));
  return { ...view, calls: apiCalls };
}

/** The lazy loader of the screen at `url` in the app's route table: a test renders it without knowing its module. */
export function screenAt(url: string) {
  const lazy = matchRoutes(routes, url)?.at(-1)?.route.lazy;
  if (typeof lazy !== "function") throw new Error(`no lazily loaded screen at ${url}`);
  return lazy;
}

/** Loads the screens at `urls` and their layouts up front, so no test pays for the first load. */
export function preloadScreens(...urls: string[]) {
  const loaders = urls.flatMap((url) => (matchRoutes(routes, url) ?? []).map((match) => match.route.lazy));
  return Promise.all(loaders.map((lazy) => (typeof lazy === "function" ? lazy() : undefined)));
}

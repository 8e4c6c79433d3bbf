/** The saved views domain's public face: a list's state saved under a name, own or shared with the app. */
export { viewsRoutes } from "./views.routes.ts";
export { createView, deleteView, listViews } from "./views.service.ts";

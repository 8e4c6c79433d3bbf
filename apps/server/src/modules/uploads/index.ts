export { uploadsRoutes } from "./uploads.routes.ts";

// The admins domain's public face: administrator accounts and the installation's sign-in rules.
export { adminsRoutes } from "./admins.routes.ts";
export { findAdminByEmail, listAdmins, setAdminState, toAdmin } from "./admins.service.ts";

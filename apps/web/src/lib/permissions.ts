import {
  type Endpoint,
  type Permission,
  type Profile,
  roleAllows,
  type TeamPermission,
  teamPermissions,
} from "@rewards/contract";
import { useAuthStore } from "./auth-store";

function isTeamPermission(permission: Permission): permission is TeamPermission {
  return (teamPermissions as readonly string[]).includes(permission);
}

/**
 * The one rule of what the signed-in administrator may do, the server's own (the contract's matrix):
 * a team permission needs the member's role to grant it, "installation" needs the installation's owner,
 * "account" any signed-in administrator. The screens hide or disable what this refuses.
 */
export function can(user: Profile | null | undefined, permission: Permission): boolean {
  if (permission === "signedOut") return true;
  if (!user) return false;
  if (isTeamPermission(permission)) return roleAllows(user.role, permission);
  if (permission === "installation") return user.installationOwner;
  return permission === "account";
}

/** Whether the signed-in administrator's role holds `permission`. */
export function useCan(permission: Permission): boolean {
  return useAuthStore((state) => can(state.user, permission));
}

/** Whether the signed-in administrator may call `definition`: the permission its definition names. */
export function useCanCall(definition: Pick<Endpoint, "permission">): boolean {
  return useCan(definition.permission);
}

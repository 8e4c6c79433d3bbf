import { type MemberRole, memberRoles } from "@rewards/contract";
import { t } from "../../../lib/i18n";

export const roleLabel = (role: MemberRole) => t(`team.role.${role}`);

/** The roles as a Select's options, in the contract's order. */
export const roleOptions = () => memberRoles.map((role) => ({ value: role, label: roleLabel(role) }));

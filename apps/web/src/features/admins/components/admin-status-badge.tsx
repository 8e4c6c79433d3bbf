import { Badge } from "@mantine/core";
import type { AdminStatus } from "@rewards/contract";
import { type I18nKey, t } from "../../../lib/i18n";

const looks: Record<AdminStatus, { color: string; label: I18nKey }> = {
  pending: { color: "yellow", label: "admins.status.pending" },
  active: { color: "green", label: "admins.status.active" },
  disabled: { color: "gray", label: "admins.status.disabled" },
};

export function AdminStatusBadge({ status }: { status: AdminStatus }) {
  const look = looks[status];
  return (
    <Badge color={look.color} variant="light">
      {t(look.label)}
    </Badge>
  );
}

import { Badge, Button } from "@mantine/core";
import type { Admin } from "@rewards/contract";
import { type I18nKey, t } from "../../../lib/i18n";

type AdminActionsProps = {
  admin: Admin;
  isSelf: boolean;
  loading: boolean;
  onChange: (status: "active" | "disabled") => void;
};

const actions: Record<Admin["status"], { label: I18nKey; to: "active" | "disabled"; color?: string }> = {
  pending: { label: "admins.approve", to: "active" },
  active: { label: "admins.disable", to: "disabled", color: "gray" },
  disabled: { label: "admins.enable", to: "active", color: "blue" },
};

export function AdminActions({ admin, isSelf, loading, onChange }: AdminActionsProps) {
  // The owner cannot disable itself (decision 0013).
  if (admin.role === "owner" || isSelf) {
    return (
      <Badge variant="outline" color="green">
        {t("admins.owner")}
      </Badge>
    );
  }
  const action = actions[admin.status];
  return (
    <Button
      size="compact-sm"
      variant="light"
      color={action.color}
      loading={loading}
      onClick={() => onChange(action.to)}
    >
      {t(action.label)}
    </Button>
  );
}

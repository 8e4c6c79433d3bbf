import { ActionIcon, Tooltip } from "@mantine/core";
import type { Endpoint } from "@rewards/contract";
import { IconEdit, IconEye, IconTrash } from "@tabler/icons-react";
import { Link } from "react-router";
import { t } from "../../lib/i18n";
import { useCanCall } from "../../lib/permissions";
import { modalLink } from "./route-modal";

const kinds = {
  edit: { Icon: IconEdit, color: undefined, label: "list.edit" },
  delete: { Icon: IconTrash, color: "red", label: "list.delete" },
  details: { Icon: IconEye, color: "blue", label: "list.details" },
} as const;

type RowActionProps = {
  kind: keyof typeof kinds;
  to: string;
  search: string;
  /** The call the action leads to: the action is left out for a role that may not make it. */
  call?: Pick<Endpoint, "permission">;
};

/** A row's icon link to one of its list's modal routes, keeping the list's query string. */
export function RowAction({ kind, to, search, call }: RowActionProps) {
  const { Icon, color, label } = kinds[kind];
  const allowed = useCanCall(call ?? { permission: "app.read" });
  if (!allowed) return null;
  return (
    <Tooltip label={t(label)}>
      <ActionIcon
        component={Link}
        {...modalLink(to, search)}
        variant="subtle"
        color={color}
        aria-label={t(label)}
      >
        <Icon size={18} />
      </ActionIcon>
    </Tooltip>
  );
}

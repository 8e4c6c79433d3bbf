import { ActionIcon, Tooltip } from "@mantine/core";
import { IconEdit, IconEye, IconTrash } from "@tabler/icons-react";
import { Link } from "react-router";
import { t } from "../../lib/i18n";
import { modalLink } from "./route-modal";

const kinds = {
  edit: { Icon: IconEdit, color: undefined, label: "list.edit" },
  delete: { Icon: IconTrash, color: "red", label: "list.delete" },
  details: { Icon: IconEye, color: "blue", label: "list.details" },
} as const;

/** A row's icon link to one of its list's modal routes, keeping the list's query string. */
export function RowAction({ kind, to, search }: { kind: keyof typeof kinds; to: string; search: string }) {
  const { Icon, color, label } = kinds[kind];
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

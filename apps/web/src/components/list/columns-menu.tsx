import { Button, Checkbox, Group, Menu, Stack } from "@mantine/core";
import { IconColumns } from "@tabler/icons-react";
import type { DataTableColumn } from "mantine-datatable";
import { t } from "../../lib/i18n";

/** A column's key: its accessor, the name `hide=` lists in the URL. */
const keyOf = <T,>(column: DataTableColumn<T>) => String(column.accessor);

/** The columns the menu may hide: all but the first and the row actions (the last). */
function hideable<T>(columns: DataTableColumn<T>[]): DataTableColumn<T>[] {
  return columns.slice(1, columns.length > 2 ? -1 : undefined).filter((column) => !column.hidden);
}

/** The columns to show: those not hidden, the first and the last always. */
export function visibleColumns<T>(columns: DataTableColumn<T>[], hidden: readonly string[]) {
  if (hidden.length === 0) return columns;
  const canHide = new Set(hideable(columns).map(keyOf));
  return columns.map((column) =>
    canHide.has(keyOf(column)) && hidden.includes(keyOf(column)) ? { ...column, hidden: true } : column,
  );
}

type Props<T> = {
  columns: DataTableColumn<T>[];
  hidden: readonly string[];
  onChange: (hidden: string[]) => void;
};

/** "Columns": a checkbox per column to show or hide it; the choice lives in the URL (`hide=`). */
export function ColumnsMenu<T>({ columns, hidden, onChange }: Props<T>) {
  const choices = hideable(columns);
  if (choices.length === 0) return null;
  const toggle = (key: string, show: boolean) => {
    const next = show ? hidden.filter((k) => k !== key) : [...hidden, key];
    // Keep the URL in the columns' order, so the same choice is always the same link.
    const order = columns.map(keyOf);
    onChange([...new Set(next)].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
  };
  return (
    <Group justify="flex-end" mb={4}>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button size="compact-xs" variant="subtle" leftSection={<IconColumns size={14} aria-hidden />}>
            {t("views.columns")}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Stack gap="xs" p="xs">
            {choices.map((column) => {
              const key = keyOf(column);
              const title = typeof column.title === "string" && column.title ? column.title : key;
              return (
                <Checkbox
                  key={key}
                  size="xs"
                  label={title}
                  checked={!hidden.includes(key)}
                  onChange={(event) => toggle(key, event.currentTarget.checked)}
                />
              );
            })}
          </Stack>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

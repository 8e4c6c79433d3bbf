import { Button, Group, Stack, Table } from "@mantine/core";
import type { ReactNode } from "react";
import { t } from "../../lib/i18n";
import { useListOutlet } from "./list-outlet";
import { RequireSelection, RouteModal, useCloseRouteModal } from "./route-modal";

export type SelectedColumn<T> = { title: string; render: (record: T) => ReactNode; align?: "right" };

/** The selected rows, listed: every list's /fetch modal. Closes at once when nothing is selected. */
export function SelectedRecordsModal<T extends { _id: string }>({
  title,
  columns,
  minWidth = 420,
}: {
  title: string;
  columns: SelectedColumn<T>[];
  /** Below it the table scrolls sideways inside the modal. */
  minWidth?: number;
}) {
  return (
    <RequireSelection>
      <RouteModal title={title}>
        <SelectedRecords columns={columns} minWidth={minWidth} />
      </RouteModal>
    </RequireSelection>
  );
}

function SelectedRecords<T extends { _id: string }>({
  columns,
  minWidth,
}: {
  columns: SelectedColumn<T>[];
  minWidth: number;
}) {
  const { selected } = useListOutlet<T>();
  const close = useCloseRouteModal();
  return (
    <Stack gap="md">
      <Table.ScrollContainer minWidth={minWidth}>
        <Table striped fz="sm">
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.title} ta={column.align}>
                  {column.title}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {selected.map((record) => (
              <Table.Tr key={record._id}>
                {columns.map((column) => (
                  <Table.Td key={column.title} ta={column.align}>
                    {column.render(record)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          {t("common.close")}
        </Button>
      </Group>
    </Stack>
  );
}

import "mantine-datatable/styles.css";
import { Loader, Stack, Text } from "@mantine/core";
import type { TotalCountKind } from "@rewards/contract";
import { IconArrowUp, IconSelector } from "@tabler/icons-react";
import { DataTable, type DataTableColumn } from "mantine-datatable";
import { useEffect } from "react";
import { t } from "../../lib/i18n";
import { ColumnsMenu, visibleColumns } from "./columns-menu";
import type { ListState } from "./use-list-state";

type Selection<T> = {
  selected: T[];
  onChange: (records: T[]) => void;
  /** Names a row's checkbox for assistive technology and tests, e.g. "Select ann@example.com". */
  label: (record: T) => string;
};

type ResourceTableProps<T extends { _id: string }, S extends string> = {
  state: Pick<
    ListState<S, unknown>,
    "sort" | "toggleSort" | "pageNumber" | "setPage" | "pageSize" | "pageSizes" | "setPageSize"
  > &
    // With the hidden columns, the table gets its Columns menu.
    Partial<Pick<ListState<S, unknown>, "hidden" | "setHidden">>;
  columns: DataTableColumn<T>[];
  records: T[];
  totalRecords: number;
  /** How exact totalRecords is: big lists answer an estimate ("about N") or a floor ("N+"). */
  totalCountKind?: TotalCountKind;
  fetching: boolean;
  selection?: Selection<T>;
  /** Below this width the table scrolls sideways inside its card. */
  minWidth?: number;
};

const sortIcons = {
  // mantine-datatable turns the "sorted" icon upside down for a descending sort.
  sorted: <IconArrowUp size={14} aria-hidden />,
  unsorted: <IconSelector size={14} aria-hidden />,
};

// A sort column no table has: every sortable header shows the neutral icon.
const neutralSort = { columnAccessor: "", direction: "asc" as const };

/** The pager's "1-10 of N", with "about N" for an estimate and "N+" for a count that stopped at its cap. */
export function rangeText(from: number, to: number, total: number, kind: TotalCountKind = "exact"): string {
  // t() writes the numbers as the language does (12,480 or 12.480).
  if (kind === "estimate") return t("list.rangeAbout", { from, to, total });
  if (kind === "atLeast") return t("list.rangeAtLeast", { from, to, total });
  return t("list.range", { from, to, total });
}

/** mantine-datatable with remote paging, the three-state sort and row selection (docs/features/lists.md). */
export function ResourceTable<T extends { _id: string }, S extends string>({
  state,
  columns,
  records,
  totalRecords,
  totalCountKind,
  fetching,
  selection,
  minWidth = 900,
}: ResourceTableProps<T, S>) {
  const { pageNumber, pageSize, setPage } = state;
  const lastPage = Math.max(1, Math.ceil(totalRecords / pageSize));

  // A page past the end (records deleted, an old link): go to the last page there is.
  useEffect(() => {
    if (!fetching && totalRecords > 0 && pageNumber > lastPage) setPage(lastPage);
  }, [fetching, totalRecords, pageNumber, lastPage, setPage]);

  const { hidden, setHidden } = state;
  return (
    <>
      {hidden && setHidden && <ColumnsMenu columns={columns} hidden={hidden} onChange={setHidden} />}
      <DataTable<T>
        idAccessor="_id"
        columns={hidden ? visibleColumns(columns, hidden) : columns}
        records={records}
        minHeight={records.length === 0 ? 180 : undefined}
        styles={{ table: { minWidth } }}
        // Every list ends with its row actions: keep them in view while a wide table scrolls sideways.
        pinLastColumn
        verticalSpacing="sm"
        horizontalSpacing="xs"
        highlightOnHover
        fetching={fetching}
        customLoader={
          <Stack align="center" gap="xs">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t("common.loading")}
            </Text>
          </Stack>
        }
        loadingText={t("common.loading")}
        noRecordsText={t("list.noRecords")}
        totalRecords={totalRecords}
        recordsPerPage={pageSize}
        page={pageNumber}
        onPageChange={setPage}
        recordsPerPageOptions={[...state.pageSizes]}
        onRecordsPerPageChange={state.setPageSize}
        recordsPerPageLabel={t("list.pageSize")}
        getPaginationControlProps={(control) => ({ "aria-label": t(`a11y.pagination.${control}`) })}
        paginationText={({ from, to, totalRecords: total }) => rangeText(from, to, total, totalCountKind)}
        sortStatus={
          state.sort ? { columnAccessor: state.sort.sortField, direction: state.sort.sortOrder } : neutralSort
        }
        // The table proposes asc/desc only; the list state owns the asc → desc → neutral cycle.
        onSortStatusChange={({ columnAccessor }) => state.toggleSort(columnAccessor as S)}
        sortIcons={sortIcons}
        {...(selection && {
          selectedRecords: selection.selected,
          onSelectedRecordsChange: selection.onChange,
          allRecordsSelectionCheckboxProps: { "aria-label": t("list.selectAll") },
          getRecordSelectionCheckboxProps: (record: T) => ({ "aria-label": selection.label(record) }),
        })}
      />
    </>
  );
}

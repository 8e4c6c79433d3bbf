import { NativeSelect } from "@mantine/core";
import { type I18nKey, t } from "../../lib/i18n";
import { SearchFilter } from "./filter-row";
import { isIncompleteId } from "./use-list-state";

type SearchValues = Record<string, string | undefined>;

/**
 * The search box and its "Search in" choice of field, writing `search` and `searchIn`
 * (docs/features/lists.md).
 */
export function SearchInFilter<F extends string>({
  filters,
  setFilters,
  labels,
  idFields,
  width = 170,
}: {
  filters: SearchValues;
  setFilters: (patch: SearchValues) => void;
  /** Each searchable field and its name, in the order the select offers them. */
  labels: Record<F, I18nKey>;
  idFields: readonly F[];
  width?: number;
}) {
  const fields = Object.keys(labels) as F[];
  const searchIn = (filters.searchIn ?? fields[0]) as F;
  return (
    <>
      <SearchFilter
        value={filters.search ?? ""}
        onChange={(search) => setFilters({ search })}
        placeholder={t(labels[searchIn])}
        error={isIncompleteId(filters, idFields) ? t("list.idHint") : undefined}
      />
      <NativeSelect
        label={t("list.searchIn")}
        value={searchIn}
        onChange={(event) => setFilters({ searchIn: event.currentTarget.value })}
        data={fields.map((field) => ({ value: field, label: t(labels[field]) }))}
        w={width}
      />
    </>
  );
}

import { NativeSelect } from "@mantine/core";
import { auditActions } from "@rewards/contract";
import { FilterRow, SearchFilter } from "../../../components/list/filter-row";
import { t } from "../../../lib/i18n";
import { useAuditActors } from "../api/get-audit-actors";
import { actionLabel } from "./audit-labels";
import { type ActivityListState, isIncompleteRecordId } from "./use-activity-list-state";

export function ActivityFilters({ list }: { list: ActivityListState }) {
  const { filters, setFilters } = list;
  const actors = useAuditActors();
  return (
    <FilterRow>
      <NativeSelect
        label={t("audit.filter.action")}
        value={filters.action}
        onChange={(event) => setFilters({ action: event.currentTarget.value })}
        data={[
          { value: "", label: t("list.all") },
          ...auditActions.map((action) => ({ value: action, label: actionLabel(action) })),
        ]}
        w={240}
      />
      <NativeSelect
        label={t("audit.filter.actor")}
        value={filters.actorId ?? ""}
        onChange={(event) => setFilters({ actorId: event.currentTarget.value })}
        data={[
          { value: "", label: t("list.all") },
          ...(actors.data?.actors ?? []).map((actor) => ({
            value: actor._id,
            label: `${actor.fullName} (${actor.email})`,
          })),
        ]}
        w={280}
      />
      <SearchFilter
        label={t("audit.filter.recordId")}
        value={filters.recordId ?? ""}
        onChange={(recordId) => setFilters({ recordId })}
        placeholder={t("audit.filter.recordIdPlaceholder")}
        error={isIncompleteRecordId(filters.recordId) ? t("list.idHint") : undefined}
      />
    </FilterRow>
  );
}

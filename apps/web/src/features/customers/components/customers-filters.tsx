import { NativeSelect } from "@mantine/core";
import { userStatus } from "@rewards/contract";
import { FilterRow, SearchFilter } from "../../../components/list/filter-row";
import { type I18nKey, t } from "../../../lib/i18n";
import {
  type CustomerSearchField,
  type CustomersListState,
  customerSearchFields,
  isIncompleteId,
} from "./use-customers-list-state";

const searchLabels: Record<CustomerSearchField, I18nKey> = {
  username: "customers.searchIn.email",
  ipSignup: "customers.searchIn.ipSignup",
  visitorId: "customers.searchIn.visitorId",
  _id: "customers.searchIn.id",
};

export function CustomersFilters({ list }: { list: CustomersListState }) {
  const { filters, setFilters } = list;
  return (
    <FilterRow>
      <SearchFilter
        value={filters.search ?? ""}
        onChange={(search) => setFilters({ search })}
        placeholder={t(searchLabels[filters.searchIn as CustomerSearchField])}
        error={isIncompleteId(filters) ? t("list.idHint") : undefined}
      />
      <NativeSelect
        label={t("list.searchIn")}
        value={filters.searchIn}
        onChange={(event) => setFilters({ searchIn: event.currentTarget.value })}
        data={customerSearchFields.map((field) => ({ value: field, label: t(searchLabels[field]) }))}
        w={170}
      />
      <NativeSelect
        label={t("list.status")}
        value={filters.status}
        onChange={(event) => setFilters({ status: event.currentTarget.value })}
        data={[
          { value: "", label: t("list.all") },
          { value: String(userStatus.banned), label: t("customers.status.banned") },
          { value: String(userStatus.active), label: t("customers.status.active") },
        ]}
        w={140}
      />
    </FilterRow>
  );
}

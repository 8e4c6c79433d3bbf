import { NativeSelect } from "@mantine/core";
import { userStatus } from "@rewards/contract";
import { FilterRow } from "../../../components/list/filter-row";
import { SearchInFilter } from "../../../components/list/search-in-filter";
import { type I18nKey, t } from "../../../lib/i18n";
import {
  type CustomerSearchField,
  type CustomersListState,
  customerIdFields,
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
      <SearchInFilter
        filters={filters}
        setFilters={setFilters}
        labels={searchLabels}
        idFields={customerIdFields}
        width={170}
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

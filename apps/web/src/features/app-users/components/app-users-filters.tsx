import { NativeSelect } from "@mantine/core";
import { userStatus } from "@rewards/contract";
import { FilterRow } from "../../../components/list/filter-row";
import { SearchInFilter } from "../../../components/list/search-in-filter";
import { type I18nKey, t } from "../../../lib/i18n";
import { type AppUserSearchField, type AppUsersListState, appUserIdFields } from "./use-app-users-list-state";

const searchLabels: Record<AppUserSearchField, I18nKey> = {
  username: "appUsers.searchIn.email",
  ipSignup: "appUsers.searchIn.ipSignup",
  visitorId: "appUsers.searchIn.visitorId",
  _id: "appUsers.searchIn.id",
};

export function AppUsersFilters({ list }: { list: AppUsersListState }) {
  const { filters, setFilters } = list;
  return (
    <FilterRow>
      <SearchInFilter
        filters={filters}
        setFilters={setFilters}
        labels={searchLabels}
        idFields={appUserIdFields}
        width={170}
      />
      <NativeSelect
        label={t("list.status")}
        value={filters.status}
        onChange={(event) => setFilters({ status: event.currentTarget.value })}
        data={[
          { value: "", label: t("list.all") },
          { value: String(userStatus.banned), label: t("appUsers.status.banned") },
          { value: String(userStatus.active), label: t("appUsers.status.active") },
        ]}
        w={140}
      />
    </FilterRow>
  );
}

import { Button, Card, Group } from "@mantine/core";
import { type AppUser, appUserEndpoints } from "@rewards/contract";
import { Link, Outlet } from "react-router";
import { ExportButton } from "../../../components/export-button";
import type { ListOutletContext } from "../../../components/list/list-outlet";
import { ResourceTable } from "../../../components/list/resource-table";
import { modalLink } from "../../../components/list/route-modal";
import { SavedViews } from "../../../components/list/saved-views";
import { SelectionBar } from "../../../components/list/selection-bar";
import { useListSelection } from "../../../components/list/use-list-selection";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { useCanCall } from "../../../lib/permissions";
import { useErrorNotification } from "../../../lib/use-error-notification";
import { useAppUsers } from "../api/get-app-users";
import { appUserColumns } from "./app-users-columns";
import { AppUsersFilters } from "./app-users-filters";
import { useAppUsersListState } from "./use-app-users-list-state";

/** The Users list; its modals are child routes rendered in the Outlet. */
export function AppUsersList() {
  const list = useAppUsersListState();
  const canChangeStatus = useCanCall(appUserEndpoints.changeStatus);
  const appUsers = useAppUsers(list.queryParams);
  useErrorNotification(t("action.findAppUsers"), appUsers.error);
  const selection = useListSelection<AppUser>([list.queryParams, appUsers.dataUpdatedAt]);
  // An ID filter that cannot be sent matches nothing: show no rows rather than the previous ones.
  const answer = list.queryParams ? appUsers.data : undefined;

  const outlet: ListOutletContext<AppUser> = {
    listPath: paths.appUsers.list,
    selected: selection.selected,
    clearSelection: selection.clear,
  };

  return (
    <Card withBorder radius="lg" padding="md">
      <SavedViews list="users" />
      <Group justify="flex-end" mb="xs">
        <ExportButton list="users" state={list} />
      </Group>
      <AppUsersFilters list={list} />
      <SelectionBar count={selection.selected.length}>
        <Button size="xs" variant="light" component={Link} {...modalLink(paths.appUsers.fetch, list.search)}>
          {t("list.fetchSelected")}
        </Button>
        {canChangeStatus && (
          <Button size="xs" component={Link} {...modalLink(paths.appUsers.changeStatus, list.search)}>
            {t("list.updateStatus")}
          </Button>
        )}
      </SelectionBar>
      <ResourceTable
        state={list}
        columns={appUserColumns(list.search)}
        records={answer?.entities ?? []}
        totalRecords={answer?.totalCount ?? 0}
        totalCountKind={answer?.totalCountKind}
        fetching={appUsers.isFetching}
        selection={{
          selected: selection.selected,
          onChange: selection.setSelected,
          label: (appUser) => t("list.selectRecord", { name: appUser.username }),
        }}
        minWidth={1000}
      />
      <Outlet context={outlet} />
    </Card>
  );
}

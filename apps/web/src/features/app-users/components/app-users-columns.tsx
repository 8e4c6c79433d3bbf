import { Group, Text } from "@mantine/core";
import { type AppUser, appUserEndpoints } from "@rewards/contract";
import type { DataTableColumn } from "mantine-datatable";
import { CountryFlag } from "../../../components/country-flag";
import { DateCell } from "../../../components/date-cell";
import { DeviceIcon } from "../../../components/device-icon";
import { RowAction } from "../../../components/list/row-action";
import { RiskBadge } from "../../../components/risk-badge";
import { UserStatusBadge, VerifiedBadge } from "../../../components/status-badges";
import { formatCount } from "../../../lib/format";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";

/** The Users table's columns; `search` is the list's query string, kept in the modals' URLs. */
export function appUserColumns(search: string): DataTableColumn<AppUser>[] {
  return [
    {
      accessor: "username",
      title: t("appUsers.column.email"),
      sortable: true,
      // Long addresses are cut with an ellipsis; the whole address is the cell's tooltip. A risky user's
      // badge sits beside it, so it is seen without a column of its own.
      render: (appUser) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" truncate="end" maw={230} title={appUser.username}>
            {appUser.username}
          </Text>
          <RiskBadge reasons={appUser.riskReasons} />
        </Group>
      ),
    },
    { accessor: "referCode", title: t("appUsers.column.shareKey") },
    {
      accessor: "device",
      title: t("appUsers.column.device"),
      textAlign: "center",
      render: (appUser) => <DeviceIcon device={appUser.device} />,
    },
    {
      accessor: "geo",
      title: t("appUsers.column.country"),
      textAlign: "center",
      render: (appUser) => <CountryFlag code={appUser.geo} />,
    },
    {
      accessor: "ipSignup",
      title: t("appUsers.column.ipSignup"),
      render: (appUser) => appUser.ipSignup ?? t("common.none"),
    },
    {
      accessor: "points",
      title: t("appUsers.column.credit"),
      sortable: true,
      textAlign: "right",
      render: (appUser) => formatCount(appUser.points),
    },
    {
      accessor: "createdAt",
      title: t("appUsers.column.joined"),
      sortable: true,
      render: (appUser) => <DateCell iso={appUser.createdAt} />,
    },
    {
      accessor: "isActive",
      title: t("appUsers.column.status"),
      render: (appUser) => <UserStatusBadge isActive={appUser.isActive} />,
    },
    {
      accessor: "isVerfied",
      title: t("appUsers.column.verified"),
      render: (appUser) => <VerifiedBadge verified={appUser.isVerfied} />,
    },
    {
      accessor: "actions",
      title: t("list.actions"),
      textAlign: "right",
      render: (appUser) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <RowAction
            kind="edit"
            to={paths.appUsers.edit(appUser._id)}
            search={search}
            call={appUserEndpoints.update}
          />
          <RowAction kind="details" to={paths.appUsers.details(appUser._id)} search={search} />
        </Group>
      ),
    },
  ];
}

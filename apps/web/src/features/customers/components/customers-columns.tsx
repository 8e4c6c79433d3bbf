import { Group, Text } from "@mantine/core";
import type { Customer } from "@rewards/contract";
import type { DataTableColumn } from "mantine-datatable";
import { CountryFlag } from "../../../components/country-flag";
import { DateCell } from "../../../components/date-cell";
import { DeviceIcon } from "../../../components/device-icon";
import { RowAction } from "../../../components/list/row-action";
import { RiskBadge } from "../../../components/risk-badge";
import { UserStatusBadge, VerifiedBadge } from "../../../components/status-badges";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";

export const customersPath = paths.customers;

/** The Users table's columns; `search` is the list's query string, kept in the modals' URLs. */
export function customerColumns(search: string): DataTableColumn<Customer>[] {
  return [
    {
      accessor: "username",
      title: t("customers.column.email"),
      sortable: true,
      // Long addresses are cut with an ellipsis; the whole address is the cell's tooltip. A risky user's
      // badge sits beside it, so it is seen without a column of its own.
      render: (customer) => (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" truncate="end" maw={230} title={customer.username}>
            {customer.username}
          </Text>
          <RiskBadge reasons={customer.riskReasons} />
        </Group>
      ),
    },
    { accessor: "referCode", title: t("customers.column.shareKey") },
    {
      accessor: "device",
      title: t("customers.column.device"),
      textAlign: "center",
      render: (customer) => <DeviceIcon device={customer.device} />,
    },
    {
      accessor: "geo",
      title: t("customers.column.country"),
      textAlign: "center",
      render: (customer) => <CountryFlag code={customer.geo} />,
    },
    {
      accessor: "ipSignup",
      title: t("customers.column.ipSignup"),
      render: (customer) => customer.ipSignup ?? t("common.none"),
    },
    { accessor: "points", title: t("customers.column.credit"), sortable: true, textAlign: "right" },
    {
      accessor: "createdAt",
      title: t("customers.column.joined"),
      sortable: true,
      render: (customer) => <DateCell iso={customer.createdAt} />,
    },
    {
      accessor: "isActive",
      title: t("customers.column.status"),
      render: (customer) => <UserStatusBadge isActive={customer.isActive} />,
    },
    {
      accessor: "isVerfied",
      title: t("customers.column.verified"),
      render: (customer) => <VerifiedBadge verified={customer.isVerfied} />,
    },
    {
      accessor: "actions",
      title: t("list.actions"),
      textAlign: "right",
      render: (customer) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <RowAction kind="edit" to={`${customersPath}/${customer._id}/edit`} search={search} />
          <RowAction kind="details" to={`${customersPath}/${customer._id}/details`} search={search} />
        </Group>
      ),
    },
  ];
}

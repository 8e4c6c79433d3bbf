import { Button, Group } from "@mantine/core";
import { type Country, countryEndpoints } from "@rewards/contract";
import { IconPlus } from "@tabler/icons-react";
import type { DataTableColumn } from "mantine-datatable";
import { Link } from "react-router";
import { CountryFlag } from "../../../components/country-flag";
import { RowAction } from "../../../components/list/row-action";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";

/** The Countries table's columns; `search` is the list's query string, kept in the modals' URLs. */
export function countryColumns(search: string): DataTableColumn<Country>[] {
  return [
    {
      accessor: "flag",
      title: t("catalog.countries.column.flag"),
      textAlign: "center",
      width: 70,
      render: (country) => <CountryFlag code={country.code} />,
    },
    { accessor: "fullName", title: t("catalog.countries.column.country"), sortable: true },
    { accessor: "code", title: t("catalog.countries.column.code"), sortable: true },
    {
      accessor: "priority",
      title: t("catalog.countries.column.priority"),
      sortable: true,
      textAlign: "right",
    },
    // How many rewards the country offers: a country with none shows nothing in the app.
    {
      accessor: "rewardCount",
      title: t("catalog.countries.column.rewards"),
      textAlign: "right",
    },
    {
      accessor: "actions",
      title: t("list.actions"),
      textAlign: "right",
      render: (country) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Button
            component={Link}
            to={paths.catalog.rewards(country._id)}
            size="compact-xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
          >
            {t("catalog.countries.addRewards")}
          </Button>
          <RowAction
            kind="edit"
            to={paths.catalog.countryEdit(country._id)}
            search={search}
            call={countryEndpoints.update}
          />
          <RowAction
            kind="delete"
            to={paths.catalog.countryCancel(country._id)}
            search={search}
            call={countryEndpoints.delete}
          />
          <RowAction kind="details" to={paths.catalog.countryDetails(country._id)} search={search} />
        </Group>
      ),
    },
  ];
}

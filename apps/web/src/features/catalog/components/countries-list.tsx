import { Button, Card, Group } from "@mantine/core";
import { type Country, countryEndpoints } from "@rewards/contract";
import { IconPlus } from "@tabler/icons-react";
import { Link, Outlet } from "react-router";
import { ExportButton } from "../../../components/export-button";
import { IfCan } from "../../../components/if-can";
import type { ListOutletContext } from "../../../components/list/list-outlet";
import { ResourceTable } from "../../../components/list/resource-table";
import { modalLink } from "../../../components/list/route-modal";
import { SavedViews } from "../../../components/list/saved-views";
import { SelectionBar } from "../../../components/list/selection-bar";
import { useListSelection } from "../../../components/list/use-list-selection";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { useErrorNotification } from "../../../lib/use-error-notification";
import { useCountries } from "../api/get-countries";
import { CatalogHeader } from "./catalog-parts";
import { countryColumns } from "./countries-columns";
import { CountriesFilters } from "./countries-filters";
import { useCountriesListState } from "./use-countries-list-state";

/** The Countries list; its modals are child routes rendered in the Outlet. */
export function CountriesList() {
  const list = useCountriesListState();
  const countries = useCountries(list.queryParams);
  useErrorNotification(t("action.findCountries"), countries.error);
  const selection = useListSelection<Country>([list.queryParams, countries.dataUpdatedAt]);
  const answer = list.queryParams ? countries.data : undefined;

  const outlet: ListOutletContext<Country> = {
    listPath: paths.catalog.countries,
    selected: selection.selected,
    clearSelection: selection.clear,
  };

  return (
    <Card withBorder radius="lg" padding="md">
      <CatalogHeader
        title={t("catalog.countries.title")}
        action={
          <IfCan call={countryEndpoints.create}>
            <Button
              component={Link}
              {...modalLink(paths.catalog.countryNew, list.search)}
              leftSection={<IconPlus size={16} />}
            >
              {t("catalog.countries.new")}
            </Button>
          </IfCan>
        }
      />
      <SavedViews list="countries" />
      <Group justify="flex-end" mb="xs">
        <ExportButton list="countries" state={list} />
      </Group>
      <CountriesFilters list={list} />
      <SelectionBar count={selection.selected.length}>
        <Button
          size="xs"
          variant="light"
          component={Link}
          {...modalLink(paths.catalog.countriesFetch, list.search)}
        >
          {t("list.fetchSelected")}
        </Button>
        <IfCan call={countryEndpoints.deleteMany}>
          <Button
            size="xs"
            color="red"
            component={Link}
            {...modalLink(paths.catalog.countriesDelete, list.search)}
          >
            {t("catalog.deleteAll")}
          </Button>
        </IfCan>
      </SelectionBar>
      <ResourceTable
        state={list}
        columns={countryColumns(list.search)}
        records={answer?.entities ?? []}
        totalRecords={answer?.totalCount ?? 0}
        fetching={countries.isFetching}
        selection={{
          selected: selection.selected,
          onChange: selection.setSelected,
          label: (country) => t("list.selectRecord", { name: country.fullName }),
        }}
        minWidth={760}
      />
      <Outlet context={outlet} />
    </Card>
  );
}

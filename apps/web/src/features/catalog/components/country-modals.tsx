import { Group, SimpleGrid } from "@mantine/core";
import type { Country } from "@rewards/contract";
import { useParams } from "react-router";
import { CountryFlag } from "../../../components/country-flag";
import { DateCell } from "../../../components/date-cell";
import { DetailField } from "../../../components/detail-field";
import { useListOutlet } from "../../../components/list/list-outlet";
import { RouteModal, useCloseRouteModal } from "../../../components/list/route-modal";
import { SelectedRecordsModal } from "../../../components/list/selected-records-modal";
import { LoadError, LoadingBlock } from "../../../components/loading-block";
import { t } from "../../../lib/i18n";
import { useErrorNotification } from "../../../lib/use-error-notification";
import { useDeleteCountries } from "../api/delete-countries";
import { useDeleteCountry } from "../api/delete-country";
import { useCountry } from "../api/get-country";
import { BulkDeleteModal, ConfirmDelete } from "./catalog-parts";
import { showDone } from "./show-done";

function DeleteCountry({ country }: { country: Country }) {
  const close = useCloseRouteModal();
  const { clearSelection } = useListOutlet();
  const remove = useDeleteCountry();
  return (
    <ConfirmDelete
      text={t("catalog.country.deleteText", { name: country.fullName, count: country.rewardCount })}
      pending={remove.isPending}
      onConfirm={() =>
        remove.mutate(country._id, {
          onSuccess: () => {
            showDone(t("catalog.country.deleted"));
            clearSelection();
            close();
          },
        })
      }
    />
  );
}

/** /dash/rewards/countries/{_id}/cancel: delete one country, after a confirmation. */
export function CountryCancelModal({ id }: { id: string }) {
  const country = useCountry(id);
  useErrorNotification(t("action.findCountry"), country.error);
  return (
    <RouteModal title={t("catalog.country.deleteTitle")} size="md">
      {country.isPending && <LoadingBlock />}
      {country.isError && <LoadError action={t("action.findCountry")} error={country.error} />}
      {country.data && <DeleteCountry country={country.data} />}
    </RouteModal>
  );
}

/** /dash/rewards/countries/{_id}/details. */
export function CountryDetailsModal({ id }: { id: string }) {
  const country = useCountry(id);
  useErrorNotification(t("action.loadCountryDetails"), country.error);
  const data = country.data;
  return (
    <RouteModal title={t("catalog.country.detailsTitle")} size="md">
      {country.isPending && <LoadingBlock />}
      {country.isError && <LoadError action={t("action.loadCountryDetails")} error={country.error} />}
      {data && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DetailField label="catalog.countries.column.country">
            <Group gap="xs">
              <CountryFlag code={data.code} />
              {data.fullName}
            </Group>
          </DetailField>
          <DetailField label="catalog.countries.column.code">{data.code}</DetailField>
          <DetailField label="catalog.countries.column.priority">{data.priority}</DetailField>
          <DetailField label="catalog.country.field.rewardCount">{data.rewardCount}</DetailField>
          <DetailField label="catalog.country.field.createdAt">
            <DateCell iso={data.createdAt} />
          </DetailField>
          <DetailField label="catalog.countries.searchIn.id">{data._id}</DetailField>
        </SimpleGrid>
      )}
    </RouteModal>
  );
}

/** /dash/rewards/countries/fetch: the selected countries. */
export function CountriesFetchModal() {
  return (
    <SelectedRecordsModal<Country>
      title={t("catalog.countries.fetchTitle")}
      columns={[
        {
          title: t("catalog.countries.column.flag"),
          render: (country) => <CountryFlag code={country.code} />,
        },
        { title: t("catalog.countries.column.country"), render: (country) => country.fullName },
        { title: t("catalog.countries.column.code"), render: (country) => country.code },
        { title: t("catalog.countries.column.priority"), render: (country) => country.priority },
      ]}
    />
  );
}

/** /dash/rewards/countries/deleteCountries: delete the selected countries. */
export function CountriesDeleteModal() {
  const remove = useDeleteCountries();
  return (
    <BulkDeleteModal<Country>
      title={t("catalog.countries.deleteAllTitle")}
      text={(count) => t("catalog.countries.deleteAllText", { count })}
      done={(count) => t("catalog.countries.deletedCount", { count })}
      name={(country) => country.fullName}
      remove={remove}
    />
  );
}

/** The cancel route: the country's id comes from the URL. */
export function CountryCancelRoute() {
  const { id = "" } = useParams();
  return <CountryCancelModal key={id} id={id} />;
}

/** The details route: the country's id comes from the URL. */
export function CountryDetailsRoute() {
  const { id = "" } = useParams();
  return <CountryDetailsModal key={id} id={id} />;
}

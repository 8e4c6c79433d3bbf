import { useParams } from "react-router";
import { RouteModal } from "../../../components/list/route-modal";
import { LoadError, LoadingBlock } from "../../../components/loading-block";
import { t } from "../../../lib/i18n";
import { useErrorNotification } from "../../../lib/use-error-notification";
import { useCountry } from "../api/get-country";
import { CountryForm } from "./country-form";

/** /dash/rewards/countries/new. */
export function CountryNewModal() {
  return (
    <RouteModal title={t("catalog.country.newTitle")} size="md">
      <CountryForm />
    </RouteModal>
  );
}

/** /dash/rewards/countries/{_id}/edit. */
export function CountryEditModal({ id }: { id: string }) {
  const country = useCountry(id);
  useErrorNotification(t("action.findCountry"), country.error);
  return (
    <RouteModal title={t("catalog.country.editTitle")} size="md">
      {country.isPending && <LoadingBlock />}
      {country.isError && <LoadError action={t("action.findCountry")} error={country.error} />}
      {country.data && <CountryForm key={country.data._id} country={country.data} />}
    </RouteModal>
  );
}

/** The edit route: the country's id comes from the URL. */
export function CountryEditRoute() {
  const { id = "" } = useParams();
  return <CountryEditModal key={id} id={id} />;
}

import { useParams } from "react-router";
import {
  CountriesDeleteModal,
  CountriesFetchModal,
  CountryCancelModal,
  CountryDetailsModal,
} from "../../../features/catalog/components/country-modals";

export function CountryCancelRoute() {
  const { id = "" } = useParams();
  return <CountryCancelModal key={id} id={id} />;
}

export function CountryDetailsRoute() {
  const { id = "" } = useParams();
  return <CountryDetailsModal key={id} id={id} />;
}

export function CountriesFetchRoute() {
  return <CountriesFetchModal />;
}

export function CountriesDeleteRoute() {
  return <CountriesDeleteModal />;
}

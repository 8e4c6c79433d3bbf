import { useParams } from "react-router";
import { CountryEditModal, CountryNewModal } from "../../../features/catalog/components/country-form-modal";

// The country picker's list of names loads with this chunk only.
export function CountryNewRoute() {
  return <CountryNewModal />;
}

export function CountryEditRoute() {
  const { id = "" } = useParams();
  return <CountryEditModal key={id} id={id} />;
}

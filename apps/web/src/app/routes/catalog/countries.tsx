import { CountriesList } from "../../../features/catalog/components/countries-list";

export function CountriesRoute() {
  return <CountriesList />;
}

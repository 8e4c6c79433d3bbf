import { Button, Group, NumberInput, Select, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { type Country, type CountryBody, countryBodySchema } from "@rewards/contract";
import { countryChoices } from "@rewards/contract/country-list";
import { useListOutlet } from "../../../components/list/list-outlet";
import { useCloseRouteModal } from "../../../components/list/route-modal";
import { formResolver } from "../../../lib/form";
import { t } from "../../../lib/i18n";
import { showSaveError } from "../../../lib/save-errors";
import { useCreateCountry } from "../api/create-country";
import { useUpdateCountry } from "../api/update-country";
import { showDone } from "./show-done";

/** What the form holds: a cleared number input is "", an unchosen country null. */
export type CountryFormValues = { priority: number | string; code: string | null };

const options = countryChoices.map((choice) => ({ value: choice.code, label: choice.name }));

/** The country chosen in the picker as the call's body: the code comes from the chosen entry. */
export function countryBodyOf(values: CountryFormValues): CountryBody {
  const chosen = countryChoices.find((choice) => choice.code === values.code);
  return { priority: Number(values.priority), code: chosen?.code ?? "" };
}

/** The country form: priority, and the country chosen from the built-in list (ISO 3166 plus Worldwide). */
export function CountryForm({ country }: { country?: Country }) {
  const close = useCloseRouteModal();
  const { clearSelection } = useListOutlet();
  const create = useCreateCountry();
  const update = useUpdateCountry();
  const form = useForm<CountryFormValues>({
    initialValues: { priority: country?.priority ?? "", code: country?.code ?? null },
    validate: formResolver(countryBodySchema),
    validateInputOnBlur: true,
  });

  const submit = (values: CountryFormValues) => {
    const body = countryBodyOf(values);
    const handlers = {
      onSuccess: () => {
        showDone(t("catalog.country.saved"));
        clearSelection();
        close();
      },
      onError: (error: Error) =>
        showSaveError(form, country ? t("action.updateCountry") : t("action.createCountry"), error),
    };
    if (country) update.mutate({ id: country._id, body }, handlers);
    else create.mutate(body, handlers);
  };

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="md">
        <Select
          label={t("catalog.country.field.country")}
          placeholder={t("catalog.country.field.countryPlaceholder")}
          description={
            form.values.code ? t("catalog.country.field.code", { code: form.values.code }) : undefined
          }
          data={options}
          searchable
          nothingFoundMessage={t("list.noRecords")}
          withAsterisk
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps("code")}
        />
        <NumberInput
          label={t("catalog.country.field.priority")}
          withAsterisk
          allowDecimal={false}
          min={0}
          {...form.getInputProps("priority")}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {t("common.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

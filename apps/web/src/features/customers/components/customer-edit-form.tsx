import { Button, Group, NumberInput, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import {
  actionErrors,
  type Customer,
  type CustomerUpdateBody,
  customerUpdateBodySchema,
} from "@rewards/contract";
import { useListOutlet } from "../../../components/list/list-outlet";
import { useCloseRouteModal } from "../../../components/list/route-modal";
import { fieldErrorsOf, formResolver } from "../../../lib/form";
import { t } from "../../../lib/i18n";
import { showError } from "../../../lib/show-error";
import { useUpdateCustomer } from "../api/update-customer";

const visibleFields = ["referCode", "isVerfied", "points"] as const;

/** SPEC 5 "User edit": Shared Key, Email Verification and Credit; provision goes back unchanged. */
export function CustomerEditForm({ customer }: { customer: Customer }) {
  const close = useCloseRouteModal();
  const { clearSelection } = useListOutlet();
  const update = useUpdateCustomer();
  const form = useForm<CustomerUpdateBody>({
    initialValues: {
      referCode: customer.referCode,
      provision: customer.provision,
      points: customer.points,
      isVerfied: customer.isVerfied,
    },
    validate: formResolver(customerUpdateBodySchema),
    validateInputOnBlur: true,
  });

  const submit = (body: CustomerUpdateBody) =>
    update.mutate(
      { id: customer._id, body },
      {
        onSuccess: () => {
          notifications.show({ color: "green", message: t("customers.edit.saved") });
          clearSelection();
          close();
        },
        onError: (error) => {
          // A 400 or a taken Share Key (409) names fields: show those on the form, anything else aside.
          const fieldErrors = fieldErrorsOf(error);
          const onForm = Object.fromEntries(
            Object.entries(fieldErrors).filter(([field]) =>
              (visibleFields as readonly string[]).includes(field),
            ),
          );
          if (Object.keys(onForm).length > 0) form.setErrors(onForm);
          else showError(actionErrors.updateCustomer, error);
        },
      },
    );

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="md">
        <TextInput label={t("customers.edit.referCode")} withAsterisk {...form.getInputProps("referCode")} />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t("customers.edit.verification")}
          </Text>
          <Switch
            label={t("customers.edit.verified")}
            {...form.getInputProps("isVerfied", { type: "checkbox" })}
          />
        </Stack>
        <NumberInput
          label={t("customers.edit.credit")}
          description={t("customers.edit.creditHint")}
          withAsterisk
          allowDecimal={false}
          {...form.getInputProps("points")}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {t("common.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

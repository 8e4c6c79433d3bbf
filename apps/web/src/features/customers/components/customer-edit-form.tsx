import { Button, Group, NumberInput, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import {
  actionErrors,
  type Customer,
  type CustomerUpdateBody,
  customerUpdateBodySchema,
  pointsReasonMax,
} from "@rewards/contract";
import { useListOutlet } from "../../../components/list/list-outlet";
import { useCloseRouteModal } from "../../../components/list/route-modal";
import { fieldErrorsOf, formResolver } from "../../../lib/form";
import { t } from "../../../lib/i18n";
import { showError } from "../../../lib/show-error";
import { useUpdateCustomer } from "../api/update-customer";

const visibleFields = ["referCode", "isVerfied", "pointsDelta", "pointsReason"] as const;

/** A cleared number input holds "": no change. */
type FormValues = Omit<CustomerUpdateBody, "pointsDelta" | "points"> & { pointsDelta: number | string };

const toBody = (values: FormValues): CustomerUpdateBody => {
  const pointsDelta = values.pointsDelta === "" ? 0 : Number(values.pointsDelta);
  // A reason typed for an adjustment that was then set back to 0 goes nowhere.
  return { ...values, pointsDelta, pointsReason: pointsDelta === 0 ? "" : values.pointsReason };
};
const validateBody = formResolver(customerUpdateBodySchema);

/**
 * The user edit form: Shared Key and Email Verification; provision goes back unchanged. The balance is
 * shown, never sent: points change only by a signed adjustment with a reason, so a form left open while
 * the user redeems or earns cannot write the old balance back.
 */
export function CustomerEditForm({ customer }: { customer: Customer }) {
  const close = useCloseRouteModal();
  const { clearSelection } = useListOutlet();
  const update = useUpdateCustomer();
  const form = useForm<FormValues, CustomerUpdateBody>({
    initialValues: {
      referCode: customer.referCode,
      provision: customer.provision,
      isVerfied: customer.isVerfied,
      pointsDelta: 0,
      pointsReason: "",
    },
    validate: (values) => validateBody(toBody(values)),
    validateInputOnBlur: true,
    transformValues: toBody,
  });
  const delta = Number(form.values.pointsDelta) || 0;

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
          // A 400, a taken Share Key or a refused adjustment (409) names fields: show those on the form.
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
        <TextInput
          label={t("customers.edit.balance")}
          description={t("customers.edit.balanceHint")}
          value={t("customers.edit.balanceValue", { count: customer.points })}
          readOnly
          variant="filled"
        />
        <NumberInput
          label={t("customers.edit.adjust")}
          description={
            delta === 0
              ? t("customers.edit.adjustHint")
              : t("customers.edit.adjustResult", { count: customer.points + delta })
          }
          allowDecimal={false}
          {...form.getInputProps("pointsDelta")}
        />
        {delta !== 0 && (
          <TextInput
            label={t("customers.edit.reason")}
            description={t("customers.edit.reasonHint")}
            withAsterisk
            maxLength={pointsReasonMax}
            {...form.getInputProps("pointsReason")}
          />
        )}
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

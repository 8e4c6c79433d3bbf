import { Button, Group, NumberInput, Stack, Switch, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import {
  type AppUser,
  type AppUserUpdateBody,
  appUserEndpoints,
  appUserUpdateBodySchema,
  pointsReasonMax,
} from "@rewards/contract";
import { useListOutlet } from "../../../components/list/list-outlet";
import { useCloseRouteModal } from "../../../components/list/route-modal";
import { SubmitIfCan } from "../../../components/submit-if-can";
import { ApiError } from "../../../lib/api-client";
import { useAuthStore } from "../../../lib/auth-store";
import { fieldErrorsOf, formResolver } from "../../../lib/form";
import { t } from "../../../lib/i18n";
import { showError } from "../../../lib/show-error";
import { useUpdateAppUser } from "../api/update-app-user";

const visibleFields = ["referCode", "isVerfied", "pointsDelta", "pointsReason"] as const;

/** A cleared number input holds "": no change. */
type FormValues = Omit<AppUserUpdateBody, "pointsDelta" | "points"> & { pointsDelta: number | string };

const toBody = (values: FormValues): AppUserUpdateBody => {
  const pointsDelta = values.pointsDelta === "" ? 0 : Number(values.pointsDelta);
  // A reason typed for an adjustment that was then set back to 0 goes nowhere.
  return { ...values, pointsDelta, pointsReason: pointsDelta === 0 ? "" : values.pointsReason };
};
const validateBody = formResolver(appUserUpdateBodySchema);

/**
 * The user edit form: Shared Key and Email Verification; provision goes back unchanged. The balance is
 * shown, never sent: points change only by a signed adjustment with a reason, so a form left open while
 * the user redeems or earns cannot write the old balance back.
 */
export function AppUserEditForm({ appUser }: { appUser: AppUser }) {
  const close = useCloseRouteModal();
  const { clearSelection } = useListOutlet();
  const update = useUpdateAppUser();
  // A support agent's points left in the 24-hour limit; null for a role without one.
  const allowance = useAuthStore((state) => state.user?.adjustmentAllowance ?? null);
  const form = useForm<FormValues, AppUserUpdateBody>({
    initialValues: {
      referCode: appUser.referCode,
      provision: appUser.provision,
      isVerfied: appUser.isVerfied,
      pointsDelta: 0,
      pointsReason: "",
    },
    validate: (values) => validateBody(toBody(values)),
    validateInputOnBlur: true,
    transformValues: toBody,
  });
  const delta = Number(form.values.pointsDelta) || 0;

  const submit = (body: AppUserUpdateBody) =>
    update.mutate(
      { id: appUser._id, body },
      {
        onSuccess: () => {
          notifications.show({ color: "green", message: t("appUsers.edit.saved") });
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
          // A refused adjustment (over the balance or the support limit) belongs on its field.
          else if (error instanceof ApiError && error.status === 409 && body.pointsDelta !== 0)
            form.setErrors({ pointsDelta: error.message });
          else showError(t("action.updateAppUser"), error);
        },
      },
    );

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="md">
        <TextInput label={t("appUsers.edit.referCode")} withAsterisk {...form.getInputProps("referCode")} />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t("appUsers.edit.verification")}
          </Text>
          <Switch
            label={t("appUsers.edit.verified")}
            {...form.getInputProps("isVerfied", { type: "checkbox" })}
          />
        </Stack>
        <TextInput
          label={t("appUsers.edit.balance")}
          description={t("appUsers.edit.balanceHint")}
          value={t("appUsers.edit.balanceValue", { count: appUser.points })}
          readOnly
          variant="filled"
        />
        {appUser.pendingPoints > 0 && (
          <Text size="xs" c="dimmed" mt={-8} data-testid="pending-points">
            {t("holds.balance", { available: appUser.points, pending: appUser.pendingPoints })}
          </Text>
        )}
        <NumberInput
          label={t("appUsers.edit.adjust")}
          description={
            delta === 0
              ? t("appUsers.edit.adjustHint")
              : t("appUsers.edit.adjustResult", { count: appUser.points + delta })
          }
          allowDecimal={false}
          {...form.getInputProps("pointsDelta")}
        />
        {allowance !== null && (
          <Text size="xs" c="dimmed" mt={-8}>
            {t("appUsers.edit.allowance", { count: allowance })}
          </Text>
        )}
        {delta !== 0 && (
          <TextInput
            label={t("appUsers.edit.reason")}
            description={t("appUsers.edit.reasonHint")}
            withAsterisk
            maxLength={pointsReasonMax}
            {...form.getInputProps("pointsReason")}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t("common.cancel")}
          </Button>
          <SubmitIfCan call={appUserEndpoints.update} loading={update.isPending}>
            {t("common.save")}
          </SubmitIfCan>
        </Group>
      </Stack>
    </form>
  );
}

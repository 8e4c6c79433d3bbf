import { Button, Group, NumberInput, SimpleGrid, Stack, Switch } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { type NativeAds, type NativeAdsBody, nativeAdsBodySchema, networkEndpoints } from "@rewards/contract";
import { useNavigate } from "react-router";
import { SubmitIfCan } from "../../../components/submit-if-can";
import { formResolver } from "../../../lib/form";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { showSaveError } from "../../../lib/save-errors";
import { useSaveNativeAds } from "../api/save-native-ads";

const switches = ["owEnable", "openEnable", "navClickEnable", "bannerEnable"] as const;
/** AppLovin's click counts (0 to 10) and its four switches. */
export function NativeAdsForm({ config }: { config: NativeAds }) {
  const navigate = useNavigate();
  const save = useSaveNativeAds();
  const form = useForm<NativeAdsBody>({
    initialValues: {
      network: config.network,
      owClick: config.owClick,
      navClick: config.navClick,
      owEnable: config.owEnable,
      openEnable: config.openEnable,
      navClickEnable: config.navClickEnable,
      bannerEnable: config.bannerEnable,
    },
    validate: formResolver(nativeAdsBodySchema),
    validateInputOnBlur: true,
  });

  const submit = (body: NativeAdsBody) =>
    save.mutate(
      { id: config._id, body },
      {
        onSuccess: () => {
          notifications.show({ color: "green", message: t("network.saved") });
          navigate(paths.network.list);
        },
        onError: (error) =>
          showSaveError(form, config._id ? t("action.updateNativeAds") : t("action.createNativeAds"), error),
      },
    );

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={t("nativeAds.owClick")}
            min={0}
            max={10}
            allowDecimal={false}
            {...form.getInputProps("owClick")}
          />
          <NumberInput
            label={t("nativeAds.navClick")}
            min={0}
            max={10}
            allowDecimal={false}
            {...form.getInputProps("navClick")}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {switches.map((name) => (
            <Switch
              key={name}
              label={t(`nativeAds.${name}`)}
              checked={form.values[name] === 1}
              onChange={(event) => form.setFieldValue(name, event.currentTarget.checked ? 1 : 0)}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => navigate(paths.network.list)}>
            {t("common.cancel")}
          </Button>
          <SubmitIfCan call={networkEndpoints.nativeAdsUpdate} loading={save.isPending}>
            {t("common.save")}
          </SubmitIfCan>
        </Group>
      </Stack>
    </form>
  );
}

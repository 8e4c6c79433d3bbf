import { Button, Group, NumberInput, Stack, Switch, TagsInput, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import {
  addressCheckedNetworks,
  type ConfigNetwork,
  type EnableFlag,
  type NetworkBody,
  type NetworkConfig,
  type NetworkFields,
  type NetworkLabel,
  networkEndpoints,
  networkFields,
  networkFormSchema,
  type OfferNetwork,
  offerNetworks,
  postbackServerIps,
} from "@rewards/contract";
import { useNavigate } from "react-router";
import { SubmitIfCan } from "../../../components/submit-if-can";
import { formResolver } from "../../../lib/form";
import { type I18nKey, t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { showSaveError } from "../../../lib/save-errors";
import { useSaveNetwork } from "../api/save-network";
import { PostbackUrl } from "./postback-url";

type NetworkValues = Omit<NetworkConfig, "_id" | "adminId" | "postbackUrl" | "updatedAt" | "provision"> & {
  provision: number | string;
};

const label = (name: NetworkLabel) => t(`network.label.${name}` as I18nKey);

/** What an empty list means for this network, with the addresses it publishes (docs/postbacks.md). */
function allowedIpsHint(network: ConfigNetwork) {
  const published = isOfferNetwork(network) ? postbackServerIps[network] : undefined;
  if (!published?.length) return t("network.allowedIpsHint");
  const addresses = published.join(", ");
  return isOfferNetwork(network) && addressCheckedNetworks.includes(network)
    ? t("network.allowedIpsRequired", { addresses })
    : t("network.allowedIpsPublished", { addresses });
}
const isOfferNetwork = (network: ConfigNetwork): network is OfferNetwork =>
  (offerNetworks as readonly string[]).includes(network);

/** One network's form: the fields and labels networkFields gives it. */
export function NetworkForm({ config }: { config: NetworkConfig }) {
  const navigate = useNavigate();
  const save = useSaveNetwork();
  const fields: NetworkFields = networkFields[config.network];
  const form = useForm<NetworkValues>({
    initialValues: {
      network: config.network,
      appId: config.appId,
      appToken: config.appToken,
      postbackSecret: config.postbackSecret,
      postbackSecretAndroid: config.postbackSecretAndroid,
      provision: config.provision,
      iosEnable: config.iosEnable,
      androidEnable: config.androidEnable,
      allowedIps: config.allowedIps,
    },
    validate: formResolver(networkFormSchema(config.network)),
    validateInputOnBlur: true,
  });
  const flag = (name: "iosEnable" | "androidEnable") => ({
    checked: form.values[name] === 1,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      form.setFieldValue(name, (event.currentTarget.checked ? 1 : 0) as EnableFlag),
  });

  const submit = (values: NetworkValues) =>
    save.mutate(
      { id: config._id, body: values as NetworkBody },
      {
        onSuccess: () => {
          notifications.show({ color: "green", message: t("network.saved") });
          navigate(paths.network.list);
        },
        onError: (error) =>
          showSaveError(form, config._id ? t("action.updateNetwork") : t("action.createNetwork"), error),
      },
    );

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="md">
        <TextInput label={label(fields.appId)} withAsterisk {...form.getInputProps("appId")} />
        {fields.appToken && (
          <TextInput label={label(fields.appToken)} withAsterisk {...form.getInputProps("appToken")} />
        )}
        {fields.postbackSecret && (
          <TextInput
            label={label(fields.postbackSecret)}
            withAsterisk
            {...form.getInputProps("postbackSecret")}
          />
        )}
        {fields.postbackSecretAndroid && (
          <TextInput
            label={t("network.label.secretKeyAndroid")}
            withAsterisk
            {...form.getInputProps("postbackSecretAndroid")}
          />
        )}
        {fields.allowedIps && (
          <TagsInput
            label={t("network.label.allowedIps")}
            description={allowedIpsHint(config.network)}
            {...form.getInputProps("allowedIps")}
          />
        )}
        {!fields.keyOnly && (
          <>
            <NumberInput
              label={t("network.label.provision")}
              description={t("network.provisionHint")}
              withAsterisk
              min={0}
              max={1}
              step={0.1}
              decimalScale={2}
              {...form.getInputProps("provision")}
            />
            <Group gap="xl">
              <Switch label={t("network.iosEnable")} {...flag("iosEnable")} />
              <Switch label={t("network.androidEnable")} {...flag("androidEnable")} />
            </Group>
            <PostbackUrl url={config.postbackUrl} />
          </>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => navigate(paths.network.list)}>
            {t("common.cancel")}
          </Button>
          <SubmitIfCan call={networkEndpoints.update} loading={save.isPending}>
            {t("common.save")}
          </SubmitIfCan>
        </Group>
      </Stack>
    </form>
  );
}

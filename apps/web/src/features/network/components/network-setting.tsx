import { Alert, Anchor, Card, Group, Text } from "@mantine/core";
import { isNativeAdsNetwork } from "@rewards/contract";
import { IconArrowLeft } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { LoadError, LoadingBlock } from "../../../components/loading-block";
import { ApiError } from "../../../lib/api-client";
import { useCurrentAppId } from "../../../lib/current-admin";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { useNativeAds } from "../api/get-native-ads";
import { useNetwork } from "../api/get-network";
import { NativeAdsForm } from "./native-ads-form";
import { NetworkForm } from "./network-form";

function SettingCard({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg" maw={760}>
      <Group justify="space-between" mb="lg">
        <Text fw={600} size="lg">
          {t("network.title", { name: name.toUpperCase() })}
        </Text>
        <Anchor component={Link} to={paths.network.list} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={16} />
            {t("network.back")}
          </Group>
        </Anchor>
      </Group>
      {children}
    </Card>
  );
}

function NetworkLoad({ name }: { name: string }) {
  const network = useNetwork(name, useCurrentAppId());
  if (network.isPending) return <LoadingBlock />;
  if (network.error instanceof ApiError && network.error.status === 404) {
    return <Alert color="yellow">{t("network.unknown", { name })}</Alert>;
  }
  if (network.isError) return <LoadError action={t("action.findNetwork")} error={network.error} />;
  return <NetworkForm config={network.data} />;
}

function NativeAdsLoad({ name }: { name: string }) {
  const nativeAds = useNativeAds(name, useCurrentAppId());
  if (nativeAds.isPending) return <LoadingBlock />;
  if (nativeAds.isError) return <LoadError action={t("action.findNativeAds")} error={nativeAds.error} />;
  return <NativeAdsForm config={nativeAds.data} />;
}

/** /dash/network/{name}: the network's own form; the API decides whether the name exists. */
export function NetworkSetting({ name }: { name: string }) {
  return (
    <SettingCard name={name}>
      {isNativeAdsNetwork(name) ? <NativeAdsLoad name={name} /> : <NetworkLoad name={name} />}
    </SettingCard>
  );
}

/** The setting route: the network's name comes from the URL. */
export function NetworkSettingRoute() {
  const { name = "" } = useParams();
  // Keyed by name: another network's form starts from its own record.
  return <NetworkSetting key={name} name={name} />;
}

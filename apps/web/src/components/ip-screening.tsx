import { Badge, Group, SimpleGrid, Text } from "@mantine/core";
import type { IpScreening } from "@rewards/contract";
import { formatDateTime } from "../lib/format";
import { t } from "../lib/i18n";
import { CountryFlag } from "./country-flag";
import { DetailField } from "./detail-field";

const flags = [
  { key: "isVpn", label: "risk.flag.vpn", color: "red" },
  { key: "isProxy", label: "risk.flag.proxy", color: "red" },
  { key: "isTor", label: "risk.flag.tor", color: "red" },
  { key: "isThreat", label: "risk.flag.threat", color: "red" },
  { key: "isDatacenter", label: "risk.flag.datacenter", color: "orange" },
] as const;

/** What the IP-data service said about the address of a sign-up or a redeem request. */
export function IpScreeningSummary({ screening }: { screening: IpScreening | null }) {
  if (!screening)
    return (
      <Text c="dimmed" size="sm">
        {t("risk.noScreening")}
      </Text>
    );
  const raised = flags.filter((flag) => screening[flag.key]);
  const time = formatDateTime(screening.createdAt);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <DetailField label="risk.screening.ip">{screening.ip}</DetailField>
      <DetailField label="risk.screening.country">
        <CountryFlag code={screening.country} />
      </DetailField>
      <DetailField label="risk.screening.result">
        {screening.status === "screened"
          ? t("risk.screening.screened", { time })
          : t("risk.screening.unscreened", { time })}
      </DetailField>
      <DetailField label="risk.screening.flags">
        {raised.length === 0 ? (
          t("risk.screening.noFlags")
        ) : (
          <Group gap={4}>
            {raised.map((flag) => (
              <Badge key={flag.key} color={flag.color} variant="light" miw="max-content">
                {t(flag.label)}
              </Badge>
            ))}
          </Group>
        )}
      </DetailField>
    </SimpleGrid>
  );
}

import { SimpleGrid, Stack, Text } from "@mantine/core";
import type { RedeemDetails } from "@rewards/contract";
import type { ReactNode } from "react";
import { CountryFlag } from "../../../components/country-flag";
import { DetailField } from "../../../components/detail-field";
import { IpScreeningSummary } from "../../../components/ip-screening";
import { RiskReasonList } from "../../../components/risk-badge";
import { t } from "../../../lib/i18n";

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/** Where the request came from when no screening was recorded for it (the IP may still be known). */
function RequestAddress({ redeem }: { redeem: RedeemDetails }) {
  if (!redeem.ip) return <IpScreeningSummary screening={null} />;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <DetailField label="risk.screening.ip">{redeem.ip}</DetailField>
      <DetailField label="risk.screening.country">
        <CountryFlag code={redeem.ipCountry} />
      </DetailField>
      <DetailField label="risk.screening.result">{t("risk.noScreening")}</DetailField>
    </SimpleGrid>
  );
}

/** The request's fraud signals: its reasons (its user's then, plus its own) and its IP screening. */
export function RedeemRiskSection({ redeem }: { redeem: RedeemDetails }) {
  return (
    <Stack gap="md">
      <Part title={t("risk.reasons")}>
        <RiskReasonList reasons={redeem.riskReasons} />
      </Part>
      <Part title={t("risk.redeemScreening")}>
        {redeem.screening ? (
          <IpScreeningSummary screening={redeem.screening} />
        ) : (
          <RequestAddress redeem={redeem} />
        )}
      </Part>
    </Stack>
  );
}

import { SimpleGrid, Stack } from "@mantine/core";
import type { RedeemDetails } from "@rewards/contract";
import { CountryFlag } from "../../../components/country-flag";
import { DetailField, DetailPart } from "../../../components/detail-field";
import { IpScreeningSummary } from "../../../components/ip-screening";
import { RiskReasonList } from "../../../components/risk-badge";
import { t } from "../../../lib/i18n";

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
      <DetailPart label="risk.reasons">
        <RiskReasonList reasons={redeem.riskReasons} />
      </DetailPart>
      <DetailPart label="risk.redeemScreening">
        {redeem.screening ? (
          <IpScreeningSummary screening={redeem.screening} />
        ) : (
          <RequestAddress redeem={redeem} />
        )}
      </DetailPart>
    </Stack>
  );
}

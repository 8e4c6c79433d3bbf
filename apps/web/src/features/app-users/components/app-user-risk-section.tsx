import { Anchor, Badge, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { type AppUserDetails, type LinkedAccount, linkedAccountLimit } from "@rewards/contract";
import { Link } from "react-router";
import { DetailPart } from "../../../components/detail-field";
import { IpScreeningSummary } from "../../../components/ip-screening";
import { RiskReasonList } from "../../../components/risk-badge";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";

/** Each linked user opens their own details, so the operator can walk the whole cluster. */
function LinkedAccounts({ accounts }: { accounts: LinkedAccount[] }) {
  if (accounts.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t("risk.noLinkedAccounts")}
      </Text>
    );
  return (
    <Stack gap={4}>
      {accounts.map((account) => (
        <Group key={account._id} gap="xs" wrap="nowrap">
          <Anchor
            component={Link}
            to={paths.appUsers.details(account._id)}
            size="sm"
            truncate="end"
            title={account.username}
          >
            {account.username}
          </Anchor>
          <Badge color="orange" variant="outline" size="sm" miw="max-content">
            {t(`risk.via.${account.via}`)}
          </Badge>
        </Group>
      ))}
      {accounts.length >= linkedAccountLimit && (
        <Text c="dimmed" size="xs">
          {t("risk.linkedLimit", { count: linkedAccountLimit })}
        </Text>
      )}
    </Stack>
  );
}

/** The user details' fraud signals: the reasons, the linked accounts and the sign-up screening. */
export function AppUserRiskSection({ details }: { details: AppUserDetails }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <DetailPart label="risk.reasons">
          <RiskReasonList reasons={details.riskReasons} />
        </DetailPart>
        <DetailPart label="risk.linkedAccounts">
          <LinkedAccounts accounts={details.linkedAccounts} />
        </DetailPart>
      </SimpleGrid>
      <DetailPart label="risk.signupScreening">
        <IpScreeningSummary screening={details.signupScreening} />
      </DetailPart>
    </Stack>
  );
}

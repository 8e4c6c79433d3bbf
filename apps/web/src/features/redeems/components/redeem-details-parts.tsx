import { Anchor, Badge, Box, Group, SimpleGrid, Text } from "@mantine/core";
import type { AppUser, MailDelivery, RedeemDetails } from "@rewards/contract";
import { Link } from "react-router";
import { DetailField } from "../../../components/detail-field";
import { RiskBadge } from "../../../components/risk-badge";
import { UserStatusBadge, VerifiedBadge } from "../../../components/status-badges";
import { formatDateTime } from "../../../lib/format";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { errorColor } from "../../../theme";
import { RedeemCode } from "./redeem-code";
import { RedeemStatusBadge } from "./redeem-status";

export function RedeemSummary({ redeem }: { redeem: RedeemDetails }) {
  const none = t("common.none");
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      <DetailField label="redeems.details.id">{redeem._id}</DetailField>
      <DetailField label="redeems.details.status">
        <RedeemStatusBadge status={redeem.status} /> <RiskBadge reasons={redeem.riskReasons} />
      </DetailField>
      <DetailField label="redeems.details.date">{formatDateTime(redeem.redeemDate)}</DetailField>
      <DetailField label="redeems.details.receiver">{redeem.redeemEmail}</DetailField>
      <DetailField label="redeems.details.reward">{redeem.rewardName}</DetailField>
      <DetailField label="redeems.details.amount">{redeem.rewardAmount}</DetailField>
      <DetailField label="redeems.details.cost">
        {t("redeems.points", { count: redeem.rewardCost })}
      </DetailField>
      <DetailField label="redeems.details.extraInfo">{redeem.rewardExtraInfo || none}</DetailField>
      <DetailField label="redeems.details.paidAt">
        {redeem.paidAt ? formatDateTime(redeem.paidAt) : none}
      </DetailField>
      {redeem.code !== null && (
        <DetailField label="redeems.details.code">
          <RedeemCode redeemId={redeem._id} masked={redeem.code} />
        </DetailField>
      )}
      {redeem.subject !== null && <DetailField label="redeems.details.subject">{redeem.subject}</DetailField>}
    </SimpleGrid>
  );
}

/** The e-mail's body as it was sent. */
export function MessageBody({ html }: { html: string | null }) {
  if (!html)
    return (
      <Text c="dimmed" size="sm">
        {t("redeems.details.noMessage")}
      </Text>
    );
  return (
    <Box
      p="sm"
      fz="sm"
      style={{
        border: "1px solid var(--mantine-color-default-border)",
        borderRadius: "var(--mantine-radius-md)",
        maxHeight: 320,
        overflow: "auto",
        overflowWrap: "anywhere",
      }}
      // Safe only because the server sanitises this HTML (sanitize-html, on pay) before storing it:
      // scripts, event handlers and unsafe URLs never reach this answer. Do not reuse for other HTML.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised e-mail body, see above.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

const deliveryColors: Record<MailDelivery["status"], string> = {
  queued: "gray",
  sending: "blue",
  sent: "green",
  failed: errorColor,
};

function deliveryText(delivery: MailDelivery): string {
  switch (delivery.status) {
    case "queued":
      return delivery.nextAttemptAt
        ? t("redeems.delivery.queuedUntil", { time: formatDateTime(delivery.nextAttemptAt) })
        : t("redeems.delivery.queued");
    case "sending":
      return t("redeems.delivery.sending");
    case "sent":
      return delivery.sentAt
        ? t("redeems.delivery.sentAt", { time: formatDateTime(delivery.sentAt) })
        : t("redeems.delivery.sent");
    case "failed":
      return t("redeems.delivery.failed", { reason: delivery.lastError ?? t("common.none") });
  }
}

/** Where the reward e-mail is: queued, being sent, delivered, or given up on with the reason. */
export function DeliveryState({ delivery }: { delivery: MailDelivery | null }) {
  if (!delivery)
    return (
      <Text c="dimmed" size="sm">
        {t("redeems.delivery.none")}
      </Text>
    );
  return (
    <Group gap="sm" wrap="wrap">
      <Badge color={deliveryColors[delivery.status]} variant="light" miw="max-content">
        {t(`redeems.delivery.status.${delivery.status}`)}
      </Badge>
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        {deliveryText(delivery)}
      </Text>
      <Text size="sm" c="dimmed">
        {t("redeems.delivery.attempts", { count: delivery.attempts })}
      </Text>
      {delivery.status === "queued" && delivery.attempts > 0 && delivery.lastError && (
        <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {t("redeems.delivery.lastError", { reason: delivery.lastError })}
        </Text>
      )}
    </Group>
  );
}

/** The redeeming user in brief, with the way to their own details. */
export function UserSummary({ user }: { user: AppUser }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
      <DetailField label="redeems.user.email">
        <Anchor component={Link} to={paths.appUsers.details(user._id)} size="sm">
          {user.username}
        </Anchor>
      </DetailField>
      <DetailField label="redeems.user.credit">{user.points}</DetailField>
      <DetailField label="redeems.user.status">
        <UserStatusBadge isActive={user.isActive} /> <VerifiedBadge verified={user.isVerfied} />{" "}
        <RiskBadge reasons={user.riskReasons} />
      </DetailField>
    </SimpleGrid>
  );
}

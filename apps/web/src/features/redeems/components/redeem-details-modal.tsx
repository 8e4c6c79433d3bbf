import { Anchor, Divider, Group, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { RouteModal } from "../../../components/list/route-modal";
import { LoadError, LoadingBlock } from "../../../components/loading-block";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { useErrorNotification } from "../../../lib/use-error-notification";
import { useRedeemDetails } from "../api/get-redeem-details";
import { RedeemApproval, showsApproval } from "./redeem-approval";
import { DeliveryState, MessageBody, RedeemSummary, UserSummary } from "./redeem-details-parts";
import { RedeemPayoutSection } from "./redeem-payout-section";
import { RedeemRiskSection } from "./redeem-risk-section";

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Divider />
      <Group justify="space-between" gap="sm">
        <Title order={3} fz="md">
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Stack>
  );
}

/**
 * /dash/redeems/{_id}/details: the redeem, the e-mail sent for it, and its user; `history`,
 * the redeem's audit history, is composed in by the route.
 */
export function RedeemDetailsModal({ id, history }: { id: string; history?: ReactNode }) {
  const details = useRedeemDetails(id);
  useErrorNotification(t("action.loadRedeemDetails"), details.error);
  const redeem = details.data;
  return (
    <RouteModal title={t("redeems.details.title")} size="xl">
      {details.isPending && <LoadingBlock />}
      {details.isError && <LoadError action={t("action.loadRedeemDetails")} error={details.error} />}
      {redeem && (
        <Stack gap="lg">
          <RedeemSummary redeem={redeem} />
          {showsApproval(redeem) && (
            <Section title={t("redeems.approval.title")}>
              <RedeemApproval redeem={redeem} />
            </Section>
          )}
          {redeem.payout && (
            <Section title={t("payoutState.section")}>
              <RedeemPayoutSection payout={redeem.payout} />
            </Section>
          )}
          <Section title={t("risk.section")}>
            <RedeemRiskSection redeem={redeem} />
          </Section>
          <Section title={t("redeems.details.delivery")}>
            <DeliveryState delivery={redeem.delivery} />
          </Section>
          <Section title={t("redeems.details.message")}>
            <MessageBody html={redeem.text} />
          </Section>
          <Section
            title={t("redeems.details.user")}
            action={
              <Anchor component={Link} to={paths.appUsers.details(redeem.user._id)} size="sm">
                {t("redeems.user.open")}
              </Anchor>
            }
          >
            <UserSummary user={redeem.user} />
          </Section>
          {history && <Section title={t("audit.history.title")}>{history}</Section>}
        </Stack>
      )}
    </RouteModal>
  );
}

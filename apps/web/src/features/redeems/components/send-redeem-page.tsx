import { Anchor, Card, Group, Title } from "@mantine/core";
import { redeemEndpoints } from "@rewards/contract";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link, useParams } from "react-router";
import { LoadError, LoadingBlock } from "../../../components/loading-block";
import { RoleForbidden } from "../../../components/role-forbidden";
import { t } from "../../../lib/i18n";
import { usePayoutSettings } from "../../../lib/payout-settings";
import { useCanCall } from "../../../lib/permissions";
import { useErrorNotification } from "../../../lib/use-error-notification";
import { useRedeemDetails } from "../api/get-redeem-details";
import { PayoutsPausedAlert } from "./payouts-paused-alert";
import { useBackToList } from "./send-page-link";
import { SendRedeemForm } from "./send-redeem-form";

/** /dash/redeems/{_id}/edit: a full page, not a modal. */
export function SendRedeemPage({ id }: { id: string }) {
  const redeem = useRedeemDetails(id);
  const paused = usePayoutSettings().data?.paused;
  useErrorNotification(t("action.findRedeem"), redeem.error);
  const back = useBackToList();
  return (
    <Card withBorder radius="lg" padding="lg" maw={900}>
      <Group justify="space-between" align="flex-start" mb="lg" gap="sm" wrap="nowrap">
        <Title order={2} fz="lg" style={{ overflowWrap: "anywhere" }}>
          {t("redeems.send.title")}
          {redeem.data && ` ${redeem.data.redeemEmail}`}
        </Title>
        <Anchor component={Link} to={back} size="sm" style={{ whiteSpace: "nowrap" }}>
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={16} />
            {t("redeems.send.back")}
          </Group>
        </Anchor>
      </Group>
      <PayoutsPausedAlert paused={paused} />
      {redeem.isPending && <LoadingBlock />}
      {redeem.isError && <LoadError action={t("action.findRedeem")} error={redeem.error} />}
      {redeem.data && <SendRedeemForm key={redeem.data._id} redeem={redeem.data} />}
    </Card>
  );
}

/** The pay route: the redeem's id comes from the URL. */
export function PayRedeemRoute() {
  const { id = "" } = useParams();
  // The page is only a write: a role that may not pay sees why, not a form.
  if (!useCanCall(redeemEndpoints.pay)) return <RoleForbidden />;
  // Keyed by id: another redeem's form starts from its own record.
  return <SendRedeemPage key={id} id={id} />;
}

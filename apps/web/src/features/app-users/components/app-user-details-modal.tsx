import { Divider, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { RouteModal } from "../../../components/list/route-modal";
import { LoadError, LoadingBlock } from "../../../components/loading-block";
import { t } from "../../../lib/i18n";
import { useErrorNotification } from "../../../lib/use-error-notification";
import { useAppUserDetails } from "../api/get-app-user-details";
import { CompletedOffersTable, DetailsSummary, DevicesTable, UserInfoBlock } from "./app-user-details-parts";
import { AppUserHoldsSection } from "./app-user-holds-section";
import { AppUserPointsHistory } from "./app-user-points-history";
import { AppUserRiskSection } from "./app-user-risk-section";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Divider />
      <Title order={3} fz="md">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** `history` is the user's own audit history, composed in by the route (features do not import each other). */
export function AppUserDetailsModal({ id, history }: { id: string; history?: ReactNode }) {
  const details = useAppUserDetails(id);
  useErrorNotification(t("action.loadAppUserDetails"), details.error);
  return (
    <RouteModal title={t("appUsers.details.title")} size="xl">
      {details.isPending && <LoadingBlock />}
      {details.isError && <LoadError action={t("action.loadAppUserDetails")} error={details.error} />}
      {details.data && (
        <Stack gap="lg">
          <DetailsSummary details={details.data} />
          <Section title={t("risk.section")}>
            <AppUserRiskSection details={details.data} />
          </Section>
          <Section title={t("holds.section")}>
            <AppUserHoldsSection userId={id} />
          </Section>
          <Section title={t("pointsHistory.section")}>
            <AppUserPointsHistory userId={id} />
          </Section>
          <Section title={t("appUsers.details.offers")}>
            <CompletedOffersTable offers={details.data.completedOffers} />
          </Section>
          <Section title={t("appUsers.details.devices")}>
            <DevicesTable devices={details.data.devices} />
          </Section>
          <Section title={t("appUsers.details.userInfo")}>
            <UserInfoBlock userInfo={details.data.userInfo} />
          </Section>
          {history && <Section title={t("audit.history.title")}>{history}</Section>}
        </Stack>
      )}
    </RouteModal>
  );
}

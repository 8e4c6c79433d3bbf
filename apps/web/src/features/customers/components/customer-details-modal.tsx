import { Divider, Stack, Title } from "@mantine/core";
import { actionErrors } from "@rewards/contract";
import type { ReactNode } from "react";
import { RouteModal } from "../../../components/list/route-modal";
import { LoadError, LoadingBlock } from "../../../components/loading-block";
import { t } from "../../../lib/i18n";
import { useErrorNotification } from "../../../lib/use-error-notification";
import { useCustomerDetails } from "../api/get-customer-details";
import { CompletedOffersTable, DetailsSummary, DevicesTable, UserInfoBlock } from "./customer-details-parts";
import { CustomerRiskSection } from "./customer-risk-section";

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
export function CustomerDetailsModal({ id, history }: { id: string; history?: ReactNode }) {
  const details = useCustomerDetails(id);
  useErrorNotification(actionErrors.loadCustomerDetails, details.error);
  return (
    <RouteModal title={t("customers.details.title")} size="xl">
      {details.isPending && <LoadingBlock />}
      {details.isError && <LoadError action={actionErrors.loadCustomerDetails} error={details.error} />}
      {details.data && (
        <Stack gap="lg">
          <DetailsSummary details={details.data} />
          <Section title={t("risk.section")}>
            <CustomerRiskSection details={details.data} />
          </Section>
          <Section title={t("customers.details.offers")}>
            <CompletedOffersTable offers={details.data.completedOffers} />
          </Section>
          <Section title={t("customers.details.devices")}>
            <DevicesTable devices={details.data.devices} />
          </Section>
          <Section title={t("customers.details.userInfo")}>
            <UserInfoBlock userInfo={details.data.userInfo} />
          </Section>
          {history && <Section title={t("audit.history.title")}>{history}</Section>}
        </Stack>
      )}
    </RouteModal>
  );
}

import { Alert, Button, Card, Divider, Group, Stack, Title } from "@mantine/core";
import { payoutEndpoints } from "@rewards/contract";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link, useParams } from "react-router";
import { IfCan } from "../../../components/if-can";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { useErrorNotification } from "../../../lib/use-error-notification";
import { errorColor } from "../../../theme";
import { useCodesItem, useStock } from "../api/get-stock";
import { CodeImport } from "./code-import";
import { CodesTable } from "./codes-table";
import { StockSummary } from "./stock-summary";

/** A reward item's gift-card codes: its stock, the import box (by role) and the codes table. */
export function CodesPage({ itemId }: { itemId: string }) {
  const item = useCodesItem(itemId);
  const stock = useStock(itemId);
  useErrorNotification(t("payouts.load.failed"), item.error ?? stock.error);
  const back = item.data ? paths.catalog.rewardItems(item.data.rewardId) : paths.catalog.countries;
  return (
    <Card withBorder radius="lg" padding="md">
      <Group justify="space-between" align="center" mb="md" gap="sm" wrap="wrap">
        <Title order={2} fz="lg">
          {t("payouts.codes.title", { name: item.data?.cost ?? "…" })}
        </Title>
        <Button component={Link} to={back} variant="default" leftSection={<IconArrowLeft size={16} />}>
          {t("payouts.codes.back")}
        </Button>
      </Group>
      {(item.isError || stock.isError) && (
        <Alert color={errorColor} title={t("payouts.load.failed")} mb="md">
          {(item.error ?? stock.error)?.message}
        </Alert>
      )}
      <Stack gap="lg">
        <StockSummary stock={stock.data} />
        <IfCan call={payoutEndpoints.importCodes}>
          <Divider />
          <CodeImport itemId={itemId} />
        </IfCan>
        <Divider />
        <CodesTable itemId={itemId} />
      </Stack>
    </Card>
  );
}

/** The codes route: the item's id comes from the URL. */
export function CodesRoute() {
  const { itemId = "" } = useParams();
  return <CodesPage key={itemId} itemId={itemId} />;
}

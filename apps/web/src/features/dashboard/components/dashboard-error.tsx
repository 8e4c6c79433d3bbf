import { Alert, Button, Card, Text } from "@mantine/core";
import { IconRefresh } from "@tabler/icons-react";
import { t } from "../../../lib/i18n";
import { errorColor } from "../../../theme";

type DashboardErrorProps = { action: string; error: Error; retrying: boolean; onRetry: () => void };

/** In place of the widgets when the load failed: the action's message, the server's, and a way to retry. */
export function DashboardError({ action, error, retrying, onRetry }: DashboardErrorProps) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Alert color={errorColor} title={action}>
        <Text size="sm">{error.message}</Text>
        <Button
          mt="md"
          variant="light"
          color={errorColor}
          leftSection={<IconRefresh size={16} />}
          loading={retrying}
          onClick={onRetry}
        >
          {t("common.retry")}
        </Button>
      </Alert>
    </Card>
  );
}

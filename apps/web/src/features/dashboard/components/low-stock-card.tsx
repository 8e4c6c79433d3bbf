import { Alert, Anchor, Box, Group, List, Text } from "@mantine/core";
import type { Dashboard } from "@rewards/contract";
import { IconAlertTriangle } from "@tabler/icons-react";
import { Link } from "react-router";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { errorColor } from "../../../theme";

/** The reward items paid from code stock whose available codes are below their alert, each with its codes page. */
export function LowStockCard({ items }: { items: Dashboard["lowStock"] }) {
  const title = t("dashboard.lowStock.title");
  return (
    <Box component="section" aria-label={title}>
      <Alert color={errorColor} radius="lg" title={title} icon={<IconAlertTriangle size={18} />}>
        <List size="sm" spacing={4}>
          {items.map((item) => (
            <List.Item key={item.rewardItemId}>
              <Group gap="xs" wrap="wrap">
                <Text span size="sm" fw={500}>
                  {item.rewardName} {item.cost}
                </Text>
                <Text span size="sm">
                  {t("dashboard.lowStock.row", {
                    available: item.available,
                    threshold: item.lowStockBelow,
                  })}
                </Text>
                <Anchor component={Link} to={paths.payouts.codes(item.rewardItemId)} size="sm">
                  {t("dashboard.lowStock.codes")}
                </Anchor>
              </Group>
            </List.Item>
          ))}
        </List>
      </Alert>
    </Box>
  );
}

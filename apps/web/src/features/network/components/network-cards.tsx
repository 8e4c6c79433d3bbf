import { Button, Card, Group, SimpleGrid, Tabs, Text } from "@mantine/core";
import { type NetworkTab, networkTabs } from "@rewards/contract";
import { IconSettings } from "@tabler/icons-react";
import { Link } from "react-router";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";

const tabTitles = {
  api: "network.tab.api",
  offerwall: "network.tab.offerwall",
  native: "network.tab.native",
} as const;

/** API, OfferWall and Native ADS tabs with a card per network. */
export function NetworkCards() {
  return (
    <Tabs defaultValue="api" keepMounted={false}>
      <Tabs.List mb="lg">
        {(Object.keys(networkTabs) as NetworkTab[]).map((tab) => (
          <Tabs.Tab key={tab} value={tab}>
            {t(tabTitles[tab])}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {(Object.keys(networkTabs) as NetworkTab[]).map((tab) => (
        <Tabs.Panel key={tab} value={tab}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {networkTabs[tab].map((name) => (
              <Card key={name} withBorder radius="lg" padding="lg">
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={700}>{name.toUpperCase()}</Text>
                  <Button
                    component={Link}
                    to={paths.network.setting(name)}
                    variant="light"
                    leftSection={<IconSettings size={16} />}
                    aria-label={t("network.settingOf", { name: name.toUpperCase() })}
                  >
                    {t("network.setting")}
                  </Button>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

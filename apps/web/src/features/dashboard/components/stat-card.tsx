import { Card, Group, Skeleton, Text, ThemeIcon } from "@mantine/core";
import type { Icon } from "@tabler/icons-react";

type StatCardProps = { title: string; value: string | undefined; icon: Icon; color: string };

/** One "today" widget: its figure, or a skeleton in the figure's place (same height) while it loads. */
export function StatCard({ title, value, icon: CardIcon, color }: StatCardProps) {
  return (
    <Card component="section" aria-label={title} withBorder radius="lg" padding="lg">
      <Text size="sm" c="dimmed" fw={500} lineClamp={1}>
        {title}
      </Text>
      <Group justify="space-between" wrap="nowrap" gap="sm" h={44} mt={4}>
        {value === undefined ? (
          <Skeleton h={26} w={88} />
        ) : (
          <Text fz={28} fw={600} lh="36px" data-testid="widget-value">
            {value}
          </Text>
        )}
        <ThemeIcon variant="light" color={color} size={44} radius="md">
          <CardIcon size={24} />
        </ThemeIcon>
      </Group>
    </Card>
  );
}

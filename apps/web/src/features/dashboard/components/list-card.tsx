import { Box, Card, Skeleton, Stack, Text, Title } from "@mantine/core";
import { dashboardLastCount } from "@rewards/contract";
import type { ReactNode } from "react";
import { t } from "../../../lib/i18n";

/** Each entry of the last lists is this tall, loaded or not, so nothing moves when the data arrives. */
export const entryHeight = 44;

type ListCardProps = { title: string; count: number | undefined; children: ReactNode };

/** A "last" list's card: its title, then the entries, skeleton rows while loading, or "Nothing yet". */
export function ListCard({ title, count, children }: ListCardProps) {
  return (
    <Card component="section" aria-label={title} withBorder radius="lg" padding="lg">
      <Title order={2} fz="md" fw={600} mb="md">
        {title}
      </Title>
      {count === 0 ? (
        <Text c="dimmed" size="sm">
          {t("dashboard.empty")}
        </Text>
      ) : (
        children
      )}
    </Card>
  );
}

/** Two lines of an entry: the first one bold, the second one dimmed. */
export function EntryText({ first, second }: { first: ReactNode; second: ReactNode }) {
  return (
    <Box h={entryHeight} miw={0} flex={1}>
      <Box h={22} style={{ overflow: "hidden" }}>
        {first}
      </Box>
      <Box h={22} style={{ overflow: "hidden" }}>
        {second}
      </Box>
    </Box>
  );
}

export function EntrySkeleton() {
  return (
    <Stack h={entryHeight} gap={8} justify="center" flex={1} data-testid="entry-skeleton">
      <Skeleton h={12} w="70%" />
      <Skeleton h={10} w="40%" />
    </Stack>
  );
}

/** The five placeholders of a list that is loading. */
export const skeletonKeys = Array.from({ length: dashboardLastCount }, (_, index) => `skeleton-${index}`);

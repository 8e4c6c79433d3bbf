import { Anchor, Group, Text, Timeline } from "@mantine/core";
import type { Dashboard } from "@rewards/contract";
import { Link } from "react-router";
import { formatDateTime, fromNow } from "../../../lib/format";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { EntrySkeleton, EntryText, ListCard, skeletonKeys } from "./list-card";
import { RedeemStatusLabel } from "./redeem-status-label";

type LastRedeem = Dashboard["LastRedeems"][number];

/** The newest redeems as a timeline: amount and reward (to its details), status, how long ago. */
export function LastRedeems({ redeems }: { redeems: LastRedeem[] | undefined }) {
  return (
    <ListCard title={t("dashboard.lastRedeems")} count={redeems?.length}>
      <Timeline bulletSize={14} lineWidth={2} color="orange">
        {redeems === undefined
          ? skeletonKeys.map((key) => (
              <Timeline.Item key={key} color="gray">
                <EntrySkeleton />
              </Timeline.Item>
            ))
          : redeems.map((redeem) => (
              <Timeline.Item key={redeem._id}>
                <EntryText
                  first={
                    <Anchor
                      component={Link}
                      to={paths.redeems.details(redeem._id)}
                      size="sm"
                      fw={500}
                      truncate="end"
                      display="block"
                    >
                      {t("dashboard.redeem.title", {
                        amount: redeem.rewardAmount,
                        reward: redeem.rewardName,
                      })}
                    </Anchor>
                  }
                  second={
                    <Group gap={6} wrap="nowrap">
                      <RedeemStatusLabel status={redeem.status} />
                      <Text size="xs" c="dimmed" title={formatDateTime(redeem.redeemDate)} truncate="end">
                        {fromNow(redeem.redeemDate)}
                      </Text>
                    </Group>
                  }
                />
              </Timeline.Item>
            ))}
      </Timeline>
    </ListCard>
  );
}

import { Anchor, Text, Timeline } from "@mantine/core";
import type { Dashboard } from "@rewards/contract";
import { Link } from "react-router";
import { formatDateTime, fromNow } from "../../../lib/format";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { EntrySkeleton, EntryText, ListCard, skeletonKeys } from "./list-card";

type LastOffer = Dashboard["LastCompletedOffers"][number];

/** The newest completed offers as a timeline: offer name (to its details), network, how long ago. */
export function LastOffers({ offers }: { offers: LastOffer[] | undefined }) {
  return (
    <ListCard title={t("dashboard.lastOffers")} count={offers?.length}>
      <Timeline bulletSize={14} lineWidth={2} color="violet">
        {offers === undefined
          ? skeletonKeys.map((key) => (
              <Timeline.Item key={key} color="gray">
                <EntrySkeleton />
              </Timeline.Item>
            ))
          : offers.map((offer) => (
              <Timeline.Item key={offer._id}>
                <EntryText
                  first={
                    <Anchor
                      component={Link}
                      to={paths.offers.details(offer._id)}
                      size="sm"
                      fw={500}
                      truncate="end"
                      display="block"
                    >
                      {offer.offerName}
                    </Anchor>
                  }
                  second={
                    <Text size="xs" c="dimmed" truncate="end">
                      <Text span size="xs" fw={600} tt="uppercase" c="dimmed">
                        {offer.network}
                      </Text>
                      {" · "}
                      <span title={formatDateTime(offer.date)}>{fromNow(offer.date)}</span>
                    </Text>
                  }
                />
              </Timeline.Item>
            ))}
      </Timeline>
    </ListCard>
  );
}

import { SimpleGrid } from "@mantine/core";
import { LoadError, LoadingBlock } from "../../../components/loading-block";
import { useCurrentAppId } from "../../../lib/current-admin";
import { t } from "../../../lib/i18n";
import { useGiveaway } from "../api/get-giveaway";
import { GiveawayCard } from "./giveaway-card";
import { WinnerCard } from "./winner-card";

/** Each card keeps its own form; both read the saved record's _id when they save (decision 0007). */
export function GiveawayPage() {
  const giveaway = useGiveaway(useCurrentAppId());
  if (giveaway.isPending) return <LoadingBlock />;
  if (giveaway.isError) return <LoadError action={t("action.loadGiveaway")} error={giveaway.error} />;
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <GiveawayCard giveaway={giveaway.data} />
      <WinnerCard giveaway={giveaway.data} />
    </SimpleGrid>
  );
}

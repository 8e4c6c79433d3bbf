import { GiveawayPage } from "../../features/giveaway/components/giveaway-page";

export function GiveawayRoute() {
  return <GiveawayPage />;
}

import { Badge } from "@mantine/core";
import type { PostbackOutcome } from "@rewards/contract";
import { t } from "../../../lib/i18n";

const colors: Record<PostbackOutcome, string> = {
  credited: "green",
  duplicate: "gray",
  reversed: "orange",
  pending: "yellow",
  bad_signature: "red",
  unknown_user: "red",
  disabled: "red",
  malformed: "red",
  // Taken so the network stops sending, never credited.
  user_banned: "grape",
  app_disabled: "grape",
};

export function PostbackOutcomeBadge({ outcome }: { outcome: PostbackOutcome }) {
  return (
    <Badge color={colors[outcome]} variant="light" miw="max-content">
      {t(`postbacks.outcome.${outcome}`)}
    </Badge>
  );
}

import { Badge } from "@mantine/core";
import type { OfferStatus } from "@rewards/contract";
import { t } from "../lib/i18n";

/** isActive true is Active, false is Banned (decision 0007). */
export function UserStatusBadge({ isActive }: { isActive: boolean }) {
  return (
    <Badge color={isActive ? "green" : "red"} variant="light" miw="max-content">
      {t(isActive ? "appUsers.status.active" : "appUsers.status.banned")}
    </Badge>
  );
}

/** Spelled correctly on screen, whatever the wire calls it (decision 0009). */
export function VerifiedBadge({ verified }: { verified: boolean }) {
  return (
    <Badge color={verified ? "blue" : "gray"} variant="outline" miw="max-content">
      {t(verified ? "appUsers.verified" : "appUsers.unverified")}
    </Badge>
  );
}

const offerStatusColors: Record<OfferStatus, string> = {
  credited: "green",
  reversed: "gray",
  pending: "yellow",
};

export function OfferStatusBadge({ status }: { status: OfferStatus }) {
  return (
    <Badge color={offerStatusColors[status]} variant="light" miw="max-content">
      {t(`offers.status.${status}`)}
    </Badge>
  );
}

import { Badge } from "@mantine/core";
import type { OfferStatus } from "@rewards/contract";
import { t } from "../lib/i18n";

/** isActive true is Active, false is Banned (SPEC 4 "User status"). */
export function UserStatusBadge({ isActive }: { isActive: boolean }) {
  return (
    <Badge color={isActive ? "green" : "red"} variant="light" miw="max-content">
      {t(isActive ? "customers.status.active" : "customers.status.banned")}
    </Badge>
  );
}

/** Spelled correctly on screen, whatever the wire calls it (DECISIONS "Wording and names"). */
export function VerifiedBadge({ verified }: { verified: boolean }) {
  return (
    <Badge color={verified ? "blue" : "gray"} variant="outline" miw="max-content">
      {t(verified ? "customers.verified" : "customers.unverified")}
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

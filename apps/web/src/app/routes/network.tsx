import { NetworkCards } from "../../features/network/components/network-cards";

export function NetworkRoute() {
  return <NetworkCards />;
}

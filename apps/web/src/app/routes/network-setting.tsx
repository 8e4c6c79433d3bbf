import { useParams } from "react-router";
import { NetworkSetting } from "../../features/network/components/network-setting";

export function NetworkSettingRoute() {
  const { name = "" } = useParams();
  // Keyed by name: another network's form starts from its own record.
  return <NetworkSetting key={name} name={name} />;
}

import { ActivityList } from "../../features/audit/components/activity-list";

export function ActivityRoute() {
  return <ActivityList />;
}

import dayjs from "dayjs";
import relativeTime from "dayjs/plugin/relativeTime";

dayjs.extend(relativeTime);

/** "3 hours ago", as the dashboard's last lists show join and completion times. */
export function fromNow(iso: string): string {
  return dayjs(iso).fromNow();
}

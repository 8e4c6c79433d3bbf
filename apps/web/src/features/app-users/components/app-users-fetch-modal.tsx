import type { AppUser } from "@rewards/contract";
import { SelectedRecordsModal } from "../../../components/list/selected-records-modal";
import { UserStatusBadge } from "../../../components/status-badges";
import { t } from "../../../lib/i18n";

/** The selected rows, listed (/dash/customers/fetch). */
export function AppUsersFetchModal() {
  return (
    <SelectedRecordsModal<AppUser>
      title={t("appUsers.fetch.title")}
      columns={[
        { title: t("appUsers.column.email"), render: (appUser) => appUser.username },
        { title: t("appUsers.column.shareKey"), render: (appUser) => appUser.referCode },
        {
          title: t("appUsers.column.status"),
          render: (appUser) => <UserStatusBadge isActive={appUser.isActive} />,
        },
      ]}
    />
  );
}

import type { Customer } from "@rewards/contract";
import { SelectedRecordsModal } from "../../../components/list/selected-records-modal";
import { UserStatusBadge } from "../../../components/status-badges";
import { t } from "../../../lib/i18n";

/** The selected rows, listed (SPEC 2.5 /dash/customers/fetch). */
export function CustomersFetchModal() {
  return (
    <SelectedRecordsModal<Customer>
      title={t("customers.fetch.title")}
      columns={[
        { title: t("customers.column.email"), render: (customer) => customer.username },
        { title: t("customers.column.shareKey"), render: (customer) => customer.referCode },
        {
          title: t("customers.column.status"),
          render: (customer) => <UserStatusBadge isActive={customer.isActive} />,
        },
      ]}
    />
  );
}

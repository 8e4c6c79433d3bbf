import { actionErrors } from "@rewards/contract";
import { RouteModal } from "../../../components/list/route-modal";
import { LoadError, LoadingBlock } from "../../../components/loading-block";
import { t } from "../../../lib/i18n";
import { useErrorNotification } from "../../../lib/use-error-notification";
import { useCustomer } from "../api/get-customer";
import { CustomerEditForm } from "./customer-edit-form";

export function CustomerEditModal({ id }: { id: string }) {
  const customer = useCustomer(id);
  useErrorNotification(actionErrors.findCustomer, customer.error);
  return (
    <RouteModal title={t("customers.edit.title")} size="md">
      {customer.isPending && <LoadingBlock />}
      {customer.isError && <LoadError action={actionErrors.findCustomer} error={customer.error} />}
      {customer.data && <CustomerEditForm key={customer.data._id} customer={customer.data} />}
    </RouteModal>
  );
}

import { useParams } from "react-router";
import { RouteModal } from "../../../components/list/route-modal";
import { LoadError, LoadingBlock } from "../../../components/loading-block";
import { t } from "../../../lib/i18n";
import { useErrorNotification } from "../../../lib/use-error-notification";
import { useAppUser } from "../api/get-app-user";
import { AppUserEditForm } from "./app-user-edit-form";

export function AppUserEditModal({ id }: { id: string }) {
  const appUser = useAppUser(id);
  useErrorNotification(t("action.findAppUser"), appUser.error);
  return (
    <RouteModal title={t("appUsers.edit.title")} size="md">
      {appUser.isPending && <LoadingBlock />}
      {appUser.isError && <LoadError action={t("action.findAppUser")} error={appUser.error} />}
      {appUser.data && <AppUserEditForm key={appUser.data._id} appUser={appUser.data} />}
    </RouteModal>
  );
}

/** The edit route: the app user's id comes from the URL. */
export function AppUserEditRoute() {
  const { id = "" } = useParams();
  return <AppUserEditModal key={id} id={id} />;
}

import { Modal, type ModalProps } from "@mantine/core";
import { type ReactNode, useCallback, useState } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { useReturnFocus } from "../../lib/focus";
import { t } from "../../lib/i18n";
import { useListOutlet } from "./list-outlet";

type ModalLinkState = { fromList?: boolean };

/** Props for a Link (or navigate) that opens a list's modal route, keeping the list's query string. */
export function modalLink(pathname: string, search: string) {
  return { to: { pathname, search }, state: { fromList: true } satisfies ModalLinkState };
}

/**
 * Closes a modal route: back in history when the list opened it (so Back and close agree), otherwise
 * (opened by URL) to the list, keeping the list's query string either way.
 */
export function useCloseRouteModal() {
  const navigate = useNavigate();
  const location = useLocation();
  const { listPath } = useListOutlet();
  const fromList = (location.state as ModalLinkState | null)?.fromList === true;
  return useCallback(() => {
    if (fromList) void navigate(-1);
    else void navigate({ pathname: listPath, search: location.search }, { replace: true });
  }, [fromList, navigate, listPath, location.search]);
}

type RouteModalProps = {
  title: ReactNode;
  size?: ModalProps["size"];
  children: ReactNode;
};

/** A Mantine modal rendered by a child route of its list: every modal has a URL (docs/features/lists.md). */
export function RouteModal({ title, size = "lg", children }: RouteModalProps) {
  const close = useCloseRouteModal();
  // Left by navigation, the modal unmounts at once: focus goes back to the row's link that opened it.
  useReturnFocus();
  return (
    <Modal
      opened
      onClose={close}
      title={title}
      size={size}
      centered
      closeButtonProps={{ "aria-label": t("common.closeDialog") }}
    >
      {children}
    </Modal>
  );
}

/**
 * Bulk dialogs close at once when nothing is selected (docs/features/lists.md), e.g. when opened by
 * URL. Checked on opening only: a dialog that has just cleared the selection closes itself.
 */
export function RequireSelection({ children }: { children: ReactNode }) {
  const { listPath, selected } = useListOutlet();
  const { search } = useLocation();
  const [nothingSelected] = useState(selected.length === 0);
  if (nothingSelected) return <Navigate to={{ pathname: listPath, search }} replace />;
  return children;
}

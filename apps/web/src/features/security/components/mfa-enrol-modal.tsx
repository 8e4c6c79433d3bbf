import { Modal } from "@mantine/core";
import { useState } from "react";
import { useReturnFocus } from "../../../lib/focus";
import { t } from "../../../lib/i18n";
import { MfaEnrolment } from "./mfa-enrolment";

/** The set-up dialog of the profile panel; loaded (with its QR code library) when first opened. */
export function MfaEnrolModal({ onClose }: { onClose: () => void }) {
  const [codesShown, setCodesShown] = useState(false);
  useReturnFocus();
  return (
    <Modal
      opened
      // Once the recovery codes show, only "I have saved them" closes the dialog: they never show again.
      onClose={codesShown ? () => {} : onClose}
      withCloseButton={!codesShown}
      closeOnEscape={!codesShown}
      closeOnClickOutside={false}
      title={t("mfa.enrol.title")}
      size="md"
      centered
      closeButtonProps={{ "aria-label": t("common.closeDialog") }}
    >
      <MfaEnrolment onDone={onClose} onCancel={onClose} onCodesShown={() => setCodesShown(true)} />
    </Modal>
  );
}

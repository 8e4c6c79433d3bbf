import { TextInput, type TextInputProps } from "@mantine/core";
import { t } from "../lib/i18n";

type MfaCodeFieldProps = Omit<TextInputProps, "label"> & {
  /** A recovery code (letters and dashes) instead of the authenticator app's six digits. */
  recovery?: boolean;
  label?: string;
};

const codeStyles = { input: { fontFamily: "var(--mantine-font-family-monospace)", letterSpacing: "0.1em" } };

/** Where a two-factor code is typed: phones offer the code from an SMS or the keyboard's digits. */
export function MfaCodeField({ recovery = false, label, ...props }: MfaCodeFieldProps) {
  return recovery ? (
    <TextInput
      label={label ?? t("mfa.field.recoveryCode")}
      placeholder={t("security.mfa.codePlaceholder")}
      autoComplete="off"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      styles={codeStyles}
      {...props}
    />
  ) : (
    <TextInput
      label={label ?? t("mfa.field.code")}
      placeholder="123456"
      autoComplete="one-time-code"
      inputMode="numeric"
      styles={codeStyles}
      {...props}
    />
  );
}

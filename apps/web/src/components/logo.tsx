import { Group, Text } from "@mantine/core";
import { t } from "../lib/i18n";

type LogoProps = { size?: number; withText?: boolean; textColor?: string };

/** The brand mark: a gift box with a star, drawn inline so it needs no request. */
export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" role="img" aria-label={t("brand.name")}>
      <title>{t("brand.name")}</title>
      <rect width="48" height="48" rx="12" fill="var(--mantine-color-green-7)" />
      <rect x="11" y="21" width="26" height="17" rx="2" fill="#fff" />
      <rect x="9" y="16" width="30" height="7" rx="2" fill="var(--mantine-color-blue-2)" />
      <rect x="22" y="16" width="4" height="22" fill="var(--mantine-color-green-7)" />
      <path d="M24 7l2 4.2 4.6.5-3.4 3.1 1 4.5L24 17l-4.2 2.3 1-4.5-3.4-3.1 4.6-.5z" fill="#ffd43b" />
    </svg>
  );
}

export function Logo({ size = 36, withText = true, textColor }: LogoProps) {
  return (
    <Group gap="xs" wrap="nowrap">
      <LogoMark size={size} />
      {withText && (
        <Text fw={600} fz={size * 0.55} c={textColor} lh={1}>
          {t("brand.name")}
        </Text>
      )}
    </Group>
  );
}

import { Text, Tooltip } from "@mantine/core";
import { IconWorld } from "@tabler/icons-react";
import { lazy, Suspense } from "react";
import { t } from "../lib/i18n";

// All flags live in one chunk of their own, loaded once, the first time any flag is shown.
const FlagSvg = lazy(async () => ({ default: (await import("./country-flag-svg")).FlagSvg }));

const worldwide = "WW";

function CodeText({ code }: { code: string }) {
  return (
    <Text span size="sm" ff="monospace">
      {code}
    </Text>
  );
}

/** A country code as its flag (the code as a fallback); Worldwide shows a globe (decision 0006). */
export function CountryFlag({ code }: { code: string | null | undefined }) {
  if (!code) return <Text span>{t("common.none")}</Text>;
  const upper = code.toUpperCase();
  if (upper === worldwide) {
    return (
      <Tooltip label={t("common.worldwide")}>
        <IconWorld size={20} aria-label={t("common.worldwide")} role="img" />
      </Tooltip>
    );
  }
  return (
    <Suspense fallback={<CodeText code={upper} />}>
      <FlagSvg code={upper} fallback={<CodeText code={upper} />} />
    </Suspense>
  );
}

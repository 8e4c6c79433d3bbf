import { Box, Button, Kbd, Tooltip, VisuallyHidden } from "@mantine/core";
import { useHotkeys } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { t } from "../../../lib/i18n";

/** The palette with Mantine Spotlight, loaded on its first opening only. */
const SearchPalette = lazy(() =>
  import("./search-palette").then((module) => ({ default: module.SearchPalette })),
);

/** The header's search button; Ctrl+K (Cmd+K on a Mac) opens the palette from anywhere too. */
export function SearchLauncher() {
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const open = () => {
    setLoaded(true);
    setOpened(true);
  };
  useHotkeys([["mod+K", open]], []);

  return (
    <>
      <Tooltip label={t("search.openHint")}>
        <Button
          variant="default"
          size="compact-md"
          leftSection={<IconSearch size={16} stroke={1.5} />}
          rightSection={
            <Kbd size="xs" visibleFrom="sm">
              {t("search.shortcut")}
            </Kbd>
          }
          onClick={open}
          aria-keyshortcuts="Control+K Meta+K"
        >
          {/* On a phone the button is its icon only, so the header keeps its room; its name stays. The
              name is the visible text (WCAG 2.5.3), the longer hint is the tooltip. */}
          <Box component="span" visibleFrom="sm">
            {t("search.open")}
          </Box>
          <VisuallyHidden hiddenFrom="sm">{t("search.open")}</VisuallyHidden>
        </Button>
      </Tooltip>
      {loaded && (
        <Suspense fallback={null}>
          <SearchPalette opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}

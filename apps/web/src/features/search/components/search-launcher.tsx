import { Box, Button, Kbd, Tooltip } from "@mantine/core";
import { useHotkeys } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { screenText } from "../../../lib/screen-texts";

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
      <Tooltip label={screenText("search.openHint")}>
        <Button
          variant="default"
          size="compact-md"
          leftSection={<IconSearch size={16} stroke={1.5} />}
          rightSection={
            <Kbd size="xs" visibleFrom="sm">
              Ctrl K
            </Kbd>
          }
          onClick={open}
          aria-label={screenText("search.openHint")}
        >
          {/* On a phone the button is its icon only, so the header keeps its room. */}
          <Box component="span" visibleFrom="sm">
            {screenText("search.open")}
          </Box>
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

import "@mantine/spotlight/styles.css";
import { useDebouncedValue } from "@mantine/hooks";
import { createSpotlight, Spotlight } from "@mantine/spotlight";
import { type SearchKind, type SearchResult, searchKinds } from "@rewards/contract";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { maxSearchLength, useSearch } from "../api/search";

/** How long typing must pause before the search is asked. */
export const searchDebounceMs = 250;

/** Where a result leads: the user's, the redeem's or the completed offer's details. */
export function resultPath(result: SearchResult): string {
  switch (result.kind) {
    case "user":
      return paths.appUsers.details(result.id);
    case "redeem":
      return paths.redeems.details(result.id);
    case "offer":
      return paths.offers.details(result.id);
  }
}

const kindTitles: Record<SearchKind, () => string> = {
  user: () => t("search.kind.user"),
  redeem: () => t("search.kind.redeem"),
  offer: () => t("search.kind.offer"),
};

type SearchPaletteProps = { opened: boolean; onClose: () => void };

/** The command palette: finds app users, redeems and completed offers, and opens the one chosen. */
export function SearchPalette({ opened, onClose }: SearchPaletteProps) {
  const [[store, actions]] = useState(createSpotlight);
  const [query, setQuery] = useState("");
  const [q] = useDebouncedValue(query.trim().slice(0, maxSearchLength), searchDebounceMs);
  const search = useSearch(q);
  const navigate = useNavigate();

  useEffect(() => {
    if (opened) actions.open();
    else actions.close();
  }, [opened, actions]);

  const results = q ? (search.data?.results ?? []) : [];
  const empty = !query.trim()
    ? t("search.hint")
    : search.isError
      ? t("search.failed")
      : search.isFetching || q !== query.trim()
        ? t("search.searching")
        : t("search.nothing");

  return (
    <Spotlight.Root
      store={store}
      query={query}
      onQueryChange={setQuery}
      shortcut={null}
      onSpotlightClose={onClose}
      scrollable
      maxHeight={420}
    >
      <Spotlight.Search
        placeholder={t("search.placeholder")}
        aria-label={t("search.open")}
        maxLength={maxSearchLength}
        leftSection={<IconSearch size={18} stroke={1.5} />}
      />
      <Spotlight.ActionsList>
        {searchKinds.map((kind) => {
          const ofKind = results.filter((result) => result.kind === kind);
          if (ofKind.length === 0) return null;
          return (
            // The group's label is drawn by CSS only: role and aria-label give it to screen readers too.
            <Spotlight.ActionsGroup
              key={kind}
              label={kindTitles[kind]()}
              role="group"
              aria-label={kindTitles[kind]()}
            >
              {ofKind.map((result) => (
                <Spotlight.Action
                  key={`${kind}-${result.id}`}
                  label={result.label}
                  description={result.detail}
                  onClick={() => navigate(resultPath(result))}
                />
              ))}
            </Spotlight.ActionsGroup>
          );
        })}
        {results.length === 0 && <Spotlight.Empty>{empty}</Spotlight.Empty>}
      </Spotlight.ActionsList>
    </Spotlight.Root>
  );
}

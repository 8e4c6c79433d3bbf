import { Button, Group, Tabs, Tooltip } from "@mantine/core";
import type { SavedView, ViewList } from "@rewards/contract";
import { IconUsers, IconX } from "@tabler/icons-react";
import { type KeyboardEvent, type MouseEvent, useState } from "react";
import { useSearchParams } from "react-router";
import { t } from "../../lib/i18n";
import { useCan } from "../../lib/permissions";
import { DeleteViewModal, SaveViewModal } from "./saved-view-modals";
import { useSavedViews } from "./saved-views-api";

/** The URL keys a view leaves out: a view opens on the first page. */
const unsavedKeys = new Set(["page"]);

/** A list's state as a view saves it: every search param but the page. */
export function viewStateOf(params: URLSearchParams): Record<string, string> {
  const state: Record<string, string> = {};
  for (const [key, value] of params) if (!unsavedKeys.has(key)) state[key] = value;
  return state;
}

/** Whether two states hold the same keys and values (in any order). */
export function sameState(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => b[key] === a[key]);
}

const allTab = "all";

/**
 * The saved views of a list, as tabs above it: "All" (no saved state), then each view by name. A tab
 * replaces the URL's search params with its view's state; the tab whose state is the URL's is active.
 * "Save view" saves the URL's state under a name, for the member or (owners and admins) for the team.
 */
export function SavedViews({ list }: { list: ViewList }) {
  const [params, setParams] = useSearchParams();
  const views = useSavedViews(list).data ?? [];
  const canShare = useCan("settings.write");
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<SavedView | null>(null);

  const current = viewStateOf(params);
  const empty = Object.keys(current).length === 0;
  const active = empty ? allTab : (views.find((view) => sameState(view.state, current))?._id ?? null);

  const open = (value: string | null) => {
    if (value === allTab) setParams(new URLSearchParams(), { preventScrollReset: true });
    const view = views.find((candidate) => candidate._id === value);
    if (view) setParams(new URLSearchParams(view.state), { preventScrollReset: true });
  };
  const mayDelete = (view: SavedView) => (view.shared ? canShare : view.mine);
  const askDelete = (view: SavedView) => (event: MouseEvent | KeyboardEvent) => {
    if ("key" in event && event.key !== "Enter" && event.key !== " ") return;
    event.stopPropagation();
    event.preventDefault();
    setDeleting(view);
  };

  return (
    <Group justify="space-between" align="flex-end" wrap="nowrap" mb="xs" gap="xs">
      <Tabs value={active} onChange={open} variant="default" style={{ minWidth: 0, flex: 1 }}>
        <Tabs.List aria-label={t("views.tabs")} style={{ flexWrap: "wrap" }}>
          <Tabs.Tab value={allTab}>{t("views.all")}</Tabs.Tab>
          {views.map((view) => (
            <Tabs.Tab
              key={view._id}
              value={view._id}
              leftSection={
                view.shared ? (
                  <Tooltip label={t("views.shared")} withArrow>
                    <IconUsers size={14} aria-label={t("views.shared")} role="img" />
                  </Tooltip>
                ) : undefined
              }
              rightSection={
                mayDelete(view) ? (
                  <IconX
                    size={12}
                    role="button"
                    tabIndex={0}
                    aria-label={t("views.delete", { name: view.name })}
                    onClick={askDelete(view)}
                    onKeyDown={askDelete(view)}
                    style={{ opacity: 0.6 }}
                  />
                ) : undefined
              }
            >
              {view.name}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Button size="xs" variant="default" onClick={() => setSaving(true)} disabled={empty}>
        {t("views.save")}
      </Button>
      {saving && (
        <SaveViewModal list={list} state={current} canShare={canShare} onClose={() => setSaving(false)} />
      )}
      {deleting && <DeleteViewModal list={list} view={deleting} onClose={() => setDeleting(null)} />}
    </Group>
  );
}

import { ActionIcon, AppShell, Group, ScrollArea } from "@mantine/core";
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { t } from "../../lib/i18n";
import { AsideMenu } from "./aside-menu";
import { asideHoverCollapseMs, asideHoverExpandMs } from "./timing";

export const asideWidth = 265;
export const asideMinimizedWidth = 76;

type AsideProps = { minimized: boolean; onToggle: () => void };

/** The side menu from lg up (below lg, the same menu lives in a drawer). */
export function Aside({ minimized, onToggle }: AsideProps) {
  const [hoverExpanded, setHoverExpanded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const expanded = !minimized || hoverExpanded;

  useEffect(() => () => clearTimeout(timer.current), []);

  // A click on the toggle ends any hover expansion, so the new state shows at once.
  const toggle = () => {
    clearTimeout(timer.current);
    setHoverExpanded(false);
    onToggle();
  };

  const hoverTo = (value: boolean, delay: number) => {
    clearTimeout(timer.current);
    if (!minimized) return;
    timer.current = setTimeout(() => setHoverExpanded(value), delay);
  };

  return (
    <AppShell.Navbar
      p="sm"
      data-minimized={String(minimized)}
      onMouseEnter={() => hoverTo(true, asideHoverExpandMs)}
      onMouseLeave={() => hoverTo(false, asideHoverCollapseMs)}
      // Hover-expanded, the aside overlays the page instead of pushing it.
      style={{
        width: expanded ? asideWidth : asideMinimizedWidth,
        transition: "width 150ms ease",
        boxShadow: minimized && hoverExpanded ? "var(--mantine-shadow-lg)" : undefined,
      }}
    >
      <AppShell.Section>
        <Group justify={expanded ? "flex-end" : "center"} mb="xs">
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={toggle}
            aria-label={minimized ? t("shell.expand") : t("shell.minimize")}
          >
            {minimized ? (
              <IconLayoutSidebarLeftExpand size={20} />
            ) : (
              <IconLayoutSidebarLeftCollapse size={20} />
            )}
          </ActionIcon>
        </Group>
      </AppShell.Section>
      <AppShell.Section grow component={ScrollArea} scrollbars="y">
        <AsideMenu compact={!expanded} />
      </AppShell.Section>
    </AppShell.Navbar>
  );
}

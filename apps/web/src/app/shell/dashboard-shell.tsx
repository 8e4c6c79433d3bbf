import { AppShell, Drawer, ScrollArea } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { Logo } from "../../components/logo";
import { mainContentId } from "../../lib/focus";
import { Aside, asideMinimizedWidth, asideWidth } from "./aside";
import { AsideMenu } from "./aside-menu";
import { Footer } from "./footer";
import { Header } from "./header";
import { ProfilePanel } from "./profile-panel";
import { ScrollTop } from "./scroll-top";
import { SkipLink } from "./skip-link";
import { Subheader } from "./subheader";
import { useAsideMinimized } from "./use-aside-minimized";

export function DashboardShell() {
  const { minimized, toggle } = useAsideMinimized();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [profileOpened, profile] = useDisclosure(false);
  const { pathname } = useLocation();

  // The mobile drawer closes whenever the page changes.
  useEffect(() => {
    if (pathname) drawer.close();
  }, [pathname, drawer.close]);

  return (
    <AppShell
      header={{ height: 64 }}
      // Below lg the side menu is a drawer, so the navbar stays collapsed there.
      navbar={{
        width: minimized ? asideMinimizedWidth : asideWidth,
        breakpoint: "lg",
        collapsed: { mobile: true },
      }}
      padding={{ base: "sm", sm: "md", lg: "xl" }}
    >
      <SkipLink />
      <Header drawerOpened={drawerOpened} onBurger={drawer.toggle} onOpenProfile={profile.open} />
      <Aside minimized={minimized} onToggle={toggle} />
      <Drawer
        opened={drawerOpened}
        onClose={drawer.close}
        size={280}
        title={<Logo size={28} />}
        hiddenFrom="lg"
        scrollAreaComponent={ScrollArea.Autosize}
      >
        <AsideMenu onNavigate={drawer.close} />
      </Drawer>
      <AppShell.Main id={mainContentId} tabIndex={-1}>
        <Subheader />
        <Outlet />
        <Footer />
      </AppShell.Main>
      <ProfilePanel opened={profileOpened} onClose={profile.close} />
      <ScrollTop />
    </AppShell>
  );
}

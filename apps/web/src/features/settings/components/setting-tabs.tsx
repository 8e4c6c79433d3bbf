import { Card, Stack, Tabs } from "@mantine/core";
import type { SocialName } from "@rewards/contract";
import { useCurrentAppId } from "../../../lib/current-admin";
import { t } from "../../../lib/i18n";
import { useAppSetting } from "../api/app-setting";
import { useGeneralConfig } from "../api/general-config";
import { useMailConfig } from "../api/mail-config";
import { usePushConfig } from "../api/push-config";
import { useSocialConfig } from "../api/social-config";
import { AppKeyCard } from "./app-key-card";
import { GeneralConfigForm } from "./general-config-form";
import { IdentityForm } from "./identity-form";
import { Loaded } from "./loaded";
import { MailForm } from "./mail-form";
import { PushForm } from "./push-form";
import { RewardMailCard } from "./reward-mail-card";
import { SocialForm } from "./social-form";

const tabs = ["identity", "facebook", "google", "twitter", "mailgun", "general", "push"] as const;

function IdentityTab({ adminId }: { adminId: string }) {
  return (
    <Loaded query={useAppSetting(adminId)} action={t("action.findSetting")}>
      {(data) => <IdentityForm setting={data} />}
    </Loaded>
  );
}
function SocialTab({ adminId, name }: { adminId: string; name: SocialName }) {
  return (
    <Loaded query={useSocialConfig(adminId, name)} action={t("action.findSocialconfig")}>
      {(data) => <SocialForm config={data} />}
    </Loaded>
  );
}
/** Mailgun, its test mail, and below them the gift-card e-mail each language sends. */
function MailTab({ adminId }: { adminId: string }) {
  return (
    <Stack gap="xl">
      <Loaded query={useMailConfig(adminId)} action={t("action.findMailconfig")}>
        {(data) => <MailForm config={data} />}
      </Loaded>
      <RewardMailCard adminId={adminId} />
    </Stack>
  );
}
function GeneralTab({ adminId }: { adminId: string }) {
  return (
    <Loaded query={useGeneralConfig(adminId)} action={t("action.findSettingconfig")}>
      {(data) => <GeneralConfigForm config={data} />}
    </Loaded>
  );
}
function PushTab({ adminId }: { adminId: string }) {
  return (
    <Loaded query={usePushConfig(adminId)} action={t("action.findPushconfig")}>
      {(data) => <PushForm config={data} />}
    </Loaded>
  );
}

/** The App Setting tabs, Push included (decision 0012); each tab loads its own record when opened. */
export function SettingTabs() {
  const adminId = useCurrentAppId();
  return (
    <>
      <AppKeyCard />
      <Card withBorder radius="lg" padding="lg">
        <Tabs defaultValue="identity" keepMounted={false}>
          <Tabs.List mb="lg">
            {tabs.map((tab) => (
              <Tabs.Tab key={tab} value={tab}>
                {t(`settings.tab.${tab}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="identity">
            <IdentityTab adminId={adminId} />
          </Tabs.Panel>
          {(["facebook", "google", "twitter"] as const).map((name) => (
            <Tabs.Panel key={name} value={name}>
              <SocialTab adminId={adminId} name={name} />
            </Tabs.Panel>
          ))}
          <Tabs.Panel value="mailgun">
            <MailTab adminId={adminId} />
          </Tabs.Panel>
          <Tabs.Panel value="general">
            <GeneralTab adminId={adminId} />
          </Tabs.Panel>
          <Tabs.Panel value="push">
            <PushTab adminId={adminId} />
          </Tabs.Panel>
        </Tabs>
      </Card>
    </>
  );
}

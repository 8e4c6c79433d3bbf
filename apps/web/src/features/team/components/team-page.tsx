import { Card, Stack, Title } from "@mantine/core";
import { teamEndpoints } from "@rewards/contract";
import { LoadError, LoadingBlock } from "../../../components/loading-block";
import { RoleForbidden } from "../../../components/role-forbidden";
import { t } from "../../../lib/i18n";
import { useCanCall } from "../../../lib/permissions";
import { useTeam } from "../api/team";
import { InviteForm } from "./invite-form";
import { InvitesTable } from "./invites-table";
import { MembersTable } from "./members-table";
import { TeamRulesForm } from "./team-rules-form";

function TeamPage() {
  const team = useTeam();
  return (
    <Stack gap="lg">
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} fz="lg" mb="md">
          {t("team.invite.title")}
        </Title>
        <InviteForm />
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} fz="lg" mb="md">
          {t("team.members.title")}
        </Title>
        {team.isPending && <LoadingBlock />}
        {team.isError && <LoadError action={t("team.error.load")} error={team.error} />}
        {team.data && <MembersTable members={team.data.members} />}
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} fz="lg" mb="md">
          {t("team.invites.title")}
        </Title>
        {team.data && <InvitesTable invites={team.data.invites} />}
      </Card>
      {team.data && (
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} fz="lg" mb="md">
            {t("team.rules.title")}
          </Title>
          <TeamRulesForm settings={team.data.settings} />
        </Card>
      )}
    </Stack>
  );
}

/** /dash/team: the app's members and invitations, for a role that manages the team. */
export function TeamRoute() {
  if (!useCanCall(teamEndpoints.list)) return <RoleForbidden />;
  return <TeamPage />;
}

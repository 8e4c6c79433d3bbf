import {
  type InviteBody,
  inviteBodySchema,
  type MemberRole,
  type TeamSettings,
  teamEndpoints,
  teamSettingsSchema,
} from "@rewards/contract";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { t } from "../../../lib/i18n";
import { showError } from "../../../lib/show-error";
import { teamKeys } from "./keys";

export function getTeamQueryOptions() {
  return queryOptions({
    queryKey: teamKeys.list(),
    queryFn: ({ signal }) => call(teamEndpoints.list, {}, { signal }),
  });
}

export function useTeam() {
  return useQuery(getTeamQueryOptions());
}

/** A change of the team: the list is asked again afterwards. */
function useTeamMutation<Input, Answer>(mutationFn: (input: Input) => Promise<Answer>, onError = true) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.list() }),
    onError: onError ? (error) => showError(t("team.error.save"), error) : undefined,
  });
}

/** The invite form shows its own errors (on its fields). */
export function useInvite() {
  return useTeamMutation(
    (body: InviteBody) => call(teamEndpoints.invite, { body: inviteBodySchema.parse(body) }),
    false,
  );
}

export function useWithdrawInvite() {
  return useTeamMutation((id: string) => call(teamEndpoints.withdrawInvite, { params: { id } }));
}

export function useChangeRole() {
  return useTeamMutation(({ id, role }: { id: string; role: MemberRole }) =>
    call(teamEndpoints.changeRole, { params: { id }, body: { role } }),
  );
}

export function useRemoveMember() {
  return useTeamMutation((id: string) => call(teamEndpoints.removeMember, { params: { id } }));
}

/** The team's rules (two-factor sign-in, the support agents' limit); the form shows its own errors. */
export function useSaveTeamSettings() {
  return useTeamMutation(
    (body: TeamSettings) => call(teamEndpoints.saveSettings, { body: teamSettingsSchema.parse(body) }),
    false,
  );
}

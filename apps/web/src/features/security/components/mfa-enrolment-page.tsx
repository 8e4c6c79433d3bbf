import { Anchor, Container, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { Link, Navigate, useNavigate } from "react-router";
import { Logo } from "../../../components/logo";
import { useAuthStore } from "../../../lib/auth-store";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { needsMfaEnrolment } from "../enrolment";
import { MfaEnrolment } from "./mfa-enrolment";

/**
 * The only screen (besides signing out) of an administrator who must turn two-factor sign-in on first.
 * Whether it is needed is read once: once on, the recovery codes still show before leaving.
 */
export function MfaEnrolmentPage() {
  const user = useAuthStore((state) => state.user);
  const [needed] = useState(() => needsMfaEnrolment(user));
  const navigate = useNavigate();
  if (!needed) return <Navigate to={paths.dashboard} replace />;

  return (
    <Container size={520} py="xl" px="md">
      <Stack gap="lg">
        <Group justify="space-between">
          <Logo size={32} />
          <Anchor component={Link} to={paths.logout} size="sm">
            {t("common.signOut")}
          </Anchor>
        </Group>
        <Paper withBorder p={{ base: "md", sm: "xl" }} radius="lg">
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={1} fz={{ base: 22, sm: 26 }}>
                {t("mfa.enrol.title")}
              </Title>
              <Text c="dimmed" size="sm">
                {t("mfa.required.text", { name: user?.fullName ?? "" })}
              </Text>
            </Stack>
            <MfaEnrolment onDone={() => void navigate(paths.dashboard, { replace: true })} />
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}

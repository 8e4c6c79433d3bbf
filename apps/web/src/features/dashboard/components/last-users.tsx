import { Anchor, Group, Skeleton, Stack, Text } from "@mantine/core";
import type { Dashboard } from "@rewards/contract";
import { Link } from "react-router";
import { DeviceIcon } from "../../../components/device-icon";
import { formatDateTime, fromNow } from "../../../lib/format";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { EntrySkeleton, EntryText, entryHeight, ListCard, skeletonKeys } from "./list-card";

type LastUser = Dashboard["LastUsers"][number];

/** The newest users: e-mail (to their details), how long ago they joined, their platform's icon. */
export function LastUsers({ users }: { users: LastUser[] | undefined }) {
  return (
    <ListCard title={t("dashboard.lastUsers")} count={users?.length}>
      <Stack gap="sm">
        {users === undefined
          ? skeletonKeys.map((key) => (
              <Group key={key} gap="sm" wrap="nowrap" h={entryHeight}>
                <Skeleton h={20} w={20} circle />
                <EntrySkeleton />
              </Group>
            ))
          : users.map((user) => (
              <Group key={user._id} gap="sm" wrap="nowrap" h={entryHeight}>
                <DeviceIcon device={user.device} />
                <EntryText
                  first={
                    <Anchor
                      component={Link}
                      to={paths.appUsers.details(user._id)}
                      size="sm"
                      fw={500}
                      truncate="end"
                      display="block"
                    >
                      {user.username}
                    </Anchor>
                  }
                  second={
                    <Text size="xs" c="dimmed" title={formatDateTime(user.createdAt)}>
                      {fromNow(user.createdAt)}
                    </Text>
                  }
                />
              </Group>
            ))}
      </Stack>
    </ListCard>
  );
}

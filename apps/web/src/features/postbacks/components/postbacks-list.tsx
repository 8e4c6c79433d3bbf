import { Button, Card, Group, Title } from "@mantine/core";
import type { PostbackLogEntry } from "@rewards/contract";
import { IconArrowLeft } from "@tabler/icons-react";
import { Link, Outlet } from "react-router";
import { ExportButton } from "../../../components/export-button";
import type { ListOutletContext } from "../../../components/list/list-outlet";
import { ResourceTable } from "../../../components/list/resource-table";
import { SavedViews } from "../../../components/list/saved-views";
import { t } from "../../../lib/i18n";
import { paths } from "../../../lib/paths";
import { useErrorNotification } from "../../../lib/use-error-notification";
import { usePostbacks } from "../api/get-postbacks";
import { postbackColumns } from "./postbacks-columns";
import { PostbacksFilters } from "./postbacks-filters";
import { usePostbacksListState } from "./use-postbacks-list-state";

/** Every postback the networks sent, with what became of it, newest first (docs/features/postbacks.md). */
export function PostbacksList() {
  const list = usePostbacksListState();
  const postbacks = usePostbacks(list.queryParams);
  useErrorNotification(t("action.findPostbacks"), postbacks.error);
  const answer = list.queryParams ? postbacks.data : undefined;
  const outlet: ListOutletContext<PostbackLogEntry> = {
    listPath: paths.postbacks.list,
    selected: [],
    clearSelection: () => {},
  };

  return (
    <Card withBorder radius="lg" padding="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="lg">
          {t("postbacks.title")}
        </Title>
        <Button
          size="xs"
          variant="subtle"
          component={Link}
          to={paths.offers.list}
          leftSection={<IconArrowLeft size={16} />}
        >
          {t("postbacks.backToOffers")}
        </Button>
      </Group>
      <SavedViews list="postbacks" />
      <Group justify="flex-end" mb="xs">
        <ExportButton list="postbacks" state={list} />
      </Group>
      <PostbacksFilters list={list} />
      <ResourceTable
        state={list}
        columns={postbackColumns(list.search)}
        records={answer?.entities ?? []}
        totalRecords={answer?.totalCount ?? 0}
        totalCountKind={answer?.totalCountKind}
        fetching={postbacks.isFetching}
        minWidth={1100}
      />
      <Outlet context={outlet} />
    </Card>
  );
}

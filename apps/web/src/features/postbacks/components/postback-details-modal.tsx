import { Code, SimpleGrid, Stack, Text } from "@mantine/core";
import type { PostbackLogDetails } from "@rewards/contract";
import { useParams } from "react-router";
import { DetailField } from "../../../components/detail-field";
import { RouteModal } from "../../../components/list/route-modal";
import { LoadError, LoadingBlock } from "../../../components/loading-block";
import { formatDateTime } from "../../../lib/format";
import { t } from "../../../lib/i18n";
import { useErrorNotification } from "../../../lib/use-error-notification";
import { usePostbackDetails } from "../api/get-postback-details";
import { PostbackOutcomeBadge } from "./postback-outcome-badge";

const asQuery = (params: Record<string, string>) =>
  new URLSearchParams(params).toString().replaceAll("&", "\n&");

function PostbackSummary({ entry }: { entry: PostbackLogDetails }) {
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        <DetailField label="postbacks.details.network">{entry.network.toUpperCase()}</DetailField>
        <DetailField label="postbacks.details.outcome">
          <PostbackOutcomeBadge outcome={entry.outcome} />
        </DetailField>
        <DetailField label="postbacks.details.reason">{entry.reason || t("common.none")}</DetailField>
        <DetailField label="postbacks.details.time">{formatDateTime(entry.createdAt)}</DetailField>
        <DetailField label="postbacks.details.ip">{entry.ip ?? t("common.none")}</DetailField>
        <DetailField label="postbacks.details.answer">{`${entry.httpStatus} ${entry.response}`}</DetailField>
        <DetailField label="postbacks.details.user">{entry.userId ?? t("common.none")}</DetailField>
        <DetailField label="postbacks.details.transaction">
          {entry.transactionId ?? t("common.none")}
        </DetailField>
        <DetailField label="postbacks.details.points">{entry.points}</DetailField>
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t("postbacks.details.request")}
        </Text>
        <Code
          block
          data-testid="postback-raw"
          tabIndex={0}
          role="region"
          aria-label={t("postbacks.details.request")}
        >
          {`${entry.method} ${entry.path}${Object.keys(entry.query).length ? `\n?${asQuery(entry.query)}` : ""}${
            entry.body ? `\n\n${JSON.stringify(entry.body, null, 2)}` : ""
          }`}
        </Code>
        <Text size="xs" c="dimmed">
          {t("postbacks.details.masked")}
        </Text>
      </Stack>
    </Stack>
  );
}

export function PostbackDetailsModal({ id }: { id: string }) {
  const details = usePostbackDetails(id);
  useErrorNotification(t("action.loadPostbackDetails"), details.error);
  return (
    <RouteModal title={t("postbacks.details.title")} size="xl">
      {details.isPending && <LoadingBlock />}
      {details.isError && <LoadError action={t("action.loadPostbackDetails")} error={details.error} />}
      {details.data && <PostbackSummary entry={details.data} />}
    </RouteModal>
  );
}

/** The details route: the postback's id comes from the URL. */
export function PostbackDetailsRoute() {
  const { id = "" } = useParams();
  return <PostbackDetailsModal key={id} id={id} />;
}

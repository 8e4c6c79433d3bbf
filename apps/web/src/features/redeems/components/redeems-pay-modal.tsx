import { Alert, Button, Group, Modal, Progress, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { maxPayoutBatch, type PayoutJob, type Redeem, redeemEndpoints } from "@rewards/contract";
import { useState } from "react";
import { LoadError } from "../../../components/loading-block";
import { SubmitIfCan } from "../../../components/submit-if-can";
import { useReturnFocus } from "../../../lib/focus";
import { t, translateMessage } from "../../../lib/i18n";
import { errorColor } from "../../../theme";
import { usePayoutJob } from "../api/get-payout-job";
import { usePayRedeems } from "../api/pay-redeems";
import { PayoutStateBadge } from "./payout-state-badge";
import { shortId } from "./redeems-columns";

/** Failed results first (what the operator must look at), then in the job's order. */
function resultsFailedFirst(results: PayoutJob["results"]) {
  return [...results].sort((a, b) => Number(b.status === "failed") - Number(a.status === "failed"));
}

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="lg" fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

function JobProgress({ job }: { job: PayoutJob }) {
  const finished = job.done + job.failed;
  const percent = job.total === 0 ? 100 : Math.round((finished / job.total) * 100);
  return (
    <Stack gap="md">
      <Progress
        value={percent}
        aria-label={t("bulkPay.progress.label")}
        animated={!job.finishedAt}
        striped={!job.finishedAt}
        size="lg"
      />
      <Text size="sm" data-testid="bulk-pay-summary">
        {job.finishedAt
          ? t("bulkPay.progress.done", { paid: job.done, failed: job.failed })
          : t("bulkPay.progress.counts", { finished, total: job.total })}
      </Text>
      <SimpleGrid cols={3}>
        <Count label={t("bulkPay.count.paid")} value={job.done} testId="bulk-pay-paid" />
        <Count label={t("bulkPay.count.failed")} value={job.failed} testId="bulk-pay-failed" />
        <Count
          label={t("bulkPay.count.inProgress")}
          value={Math.max(0, job.total - finished)}
          testId="bulk-pay-in-progress"
        />
      </SimpleGrid>
      {job.results.length > 0 && (
        <Table.ScrollContainer minWidth={480} mah={320}>
          <Table striped fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("bulkPay.column.redeem")}</Table.Th>
                <Table.Th>{t("bulkPay.column.status")}</Table.Th>
                <Table.Th>{t("bulkPay.column.message")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {resultsFailedFirst(job.results).map((result) => (
                <Table.Tr key={result.redeemId}>
                  <Table.Td>
                    <Text size="xs" ff="monospace" title={result.redeemId}>
                      {shortId(result.redeemId)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <PayoutStateBadge state={result.status} />
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: "anywhere" }}>
                    {result.message ? translateMessage(result.message) : ""}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function Confirm({
  ids,
  onStarted,
  onCancel,
}: {
  ids: string[];
  onStarted: (jobId: string) => void;
  onCancel: () => void;
}) {
  const pay = usePayRedeems();
  const tooMany = ids.length > maxPayoutBatch;
  return (
    <Stack gap="md">
      <Text size="sm">{t("bulkPay.confirm.text", { count: ids.length })}</Text>
      {tooMany && <Alert color="yellow">{t("bulkPay.tooMany", { max: maxPayoutBatch })}</Alert>}
      {/* Nothing was started (paused, bad ids…): the server's reason, and the dialog stays open. */}
      {pay.error && (
        <Alert color={errorColor} title={t("bulkPay.failed")} data-testid="bulk-pay-error">
          {pay.error.message}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t("common.cancel")}
        </Button>
        <SubmitIfCan
          call={redeemEndpoints.payMany}
          type="button"
          disabled={tooMany}
          loading={pay.isPending}
          onClick={() => pay.mutate({ ids }, { onSuccess: ({ jobId }) => onStarted(jobId) })}
        >
          {t("bulkPay.confirm.submit", { count: ids.length })}
        </SubmitIfCan>
      </Group>
    </Stack>
  );
}

function Follow({ jobId, onClose }: { jobId: string; onClose: () => void }) {
  const job = usePayoutJob(jobId);
  return (
    <Stack gap="md">
      {job.data && <JobProgress job={job.data} />}
      {!job.data && job.isError && <LoadError action={t("bulkPay.loadFailed")} error={job.error} />}
      {!job.data && !job.isError && <Progress value={0} aria-label={t("bulkPay.progress.label")} size="lg" />}
      <Group justify="flex-end">
        <Button onClick={onClose}>{t("bulkPay.close")}</Button>
      </Group>
    </Stack>
  );
}

/**
 * "Pay selected": a confirmation naming how many redeems go through their items' fulfilment, then the
 * payout job's progress, asked every second until it has finished. `redeems` is the selection when the
 * dialog opened; `onClose(started)` tells the list whether to refresh and clear its selection.
 */
export function RedeemsPayModal({
  redeems,
  onClose,
}: {
  redeems: Redeem[];
  onClose: (started: boolean) => void;
}) {
  const [ids] = useState(() => redeems.map((redeem) => redeem._id));
  const [jobId, setJobId] = useState<string | null>(null);
  const close = () => onClose(jobId !== null);
  useReturnFocus();
  return (
    <Modal
      opened
      onClose={close}
      title={t(jobId ? "bulkPay.progress.title" : "bulkPay.confirm.title")}
      size="lg"
    >
      {jobId ? (
        <Follow jobId={jobId} onClose={close} />
      ) : (
        <Confirm ids={ids} onStarted={setJobId} onCancel={close} />
      )}
    </Modal>
  );
}

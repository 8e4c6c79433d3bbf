import { payoutEndpoints } from "@rewards/contract";
import { useQuery } from "@tanstack/react-query";
import { call } from "../../../lib/api-client";
import { redeemsKeys } from "./keys";

/** How often a running job's progress is asked. */
export const payoutJobPollMs = 1000;

/** A payout job's progress, asked every second until it has finished (null: no job yet). */
export function usePayoutJob(jobId: string | null) {
  return useQuery({
    queryKey: redeemsKeys.payoutJob(jobId ?? ""),
    queryFn: ({ signal }) => call(payoutEndpoints.job, { params: { jobId: jobId ?? "" } }, { signal }),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data?.finishedAt ? false : payoutJobPollMs),
  });
}

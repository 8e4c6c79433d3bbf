import { Button } from "@mantine/core";
import type { ExportList } from "@rewards/contract";
import { useState } from "react";
import { fetchCsvExport, saveBlob } from "../lib/export-csv";
import { t } from "../lib/i18n";
import { showError } from "../lib/show-error";
import type { ListState } from "./list/use-list-state";

type Props = {
  list: ExportList;
  /**
   * The list's state: the export takes its filters and sort as the URL holds them when the button is
   * pressed, so a filter chosen just before is in, even before the list has re-rendered. None: a list
   * without filters.
   */
  state?: Pick<ListState, "queryParams" | "currentQueryParams">;
  /** Further fields of the export's body (the rewards' country). */
  extra?: Record<string, string>;
};

/**
 * "Export CSV": every row of the list under its current filters and sort, streamed from the server with
 * the kilobytes received shown while it downloads, then saved as a file.
 */
export function ExportButton({ list, state, extra }: Props) {
  const [received, setReceived] = useState<number | null>(null);

  async function run() {
    const queryParams = state ? state.currentQueryParams() : undefined;
    // Incomplete filters (part of an id) send nothing, as the list itself does.
    if (queryParams === null) return;
    setReceived(0);
    try {
      const body = { ...extra, ...(queryParams ? { queryParams } : {}) };
      const { blob, fileName } = await fetchCsvExport(list, body, setReceived);
      saveBlob(blob, fileName);
    } catch (error) {
      showError(t("export.failed"), error);
    } finally {
      setReceived(null);
    }
  }

  return (
    <Button
      size="xs"
      variant="light"
      onClick={run}
      disabled={state?.queryParams === null || received !== null}
    >
      {received === null ? t("export.button") : t("export.progress", { kb: Math.ceil(received / 1024) })}
    </Button>
  );
}

import { Button } from "@mantine/core";
import type { ExportList } from "@rewards/contract";
import { useState } from "react";
import { fetchCsvExport, saveBlob } from "../lib/export-csv";
import { t } from "../lib/i18n";
import { showError } from "../lib/show-error";

type Props = {
  list: ExportList;
  /** The list's own call body (its current filters and sort); null while the filters are incomplete. */
  body: object | null;
};

/**
 * "Export CSV": every row of the list under its current filters and sort, streamed from the server with
 * the kilobytes received shown while it downloads, then saved as a file.
 */
export function ExportButton({ list, body }: Props) {
  const [received, setReceived] = useState<number | null>(null);

  async function run() {
    if (!body) return;
    setReceived(0);
    try {
      const { blob, fileName } = await fetchCsvExport(list, body, setReceived);
      saveBlob(blob, fileName);
    } catch (error) {
      showError(t("export.failed"), error);
    } finally {
      setReceived(null);
    }
  }

  return (
    <Button size="xs" variant="light" onClick={run} disabled={!body || received !== null}>
      {received === null ? t("export.button") : t("export.progress", { kb: Math.ceil(received / 1024) })}
    </Button>
  );
}

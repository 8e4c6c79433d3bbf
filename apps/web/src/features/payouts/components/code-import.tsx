import { Alert, Button, FileInput, Group, List, Stack, Text, Textarea, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { CodeImportAnswer } from "@rewards/contract";
import { IconFileTypeCsv } from "@tabler/icons-react";
import { useState } from "react";
import { t } from "../../../lib/i18n";
import { showError } from "../../../lib/show-error";
import { errorColor } from "../../../theme";
import { useImportCodes } from "../api/import-codes";

/** How many invalid rows the preview lists; the rest are counted. */
const shownInvalid = 20;

function InvalidRows({ invalid }: { invalid: CodeImportAnswer["invalid"] }) {
  if (invalid.length === 0) return null;
  return (
    <Alert color={errorColor} title={t("payouts.import.invalidTitle", { count: invalid.length })}>
      <List size="sm" spacing={2}>
        {invalid.slice(0, shownInvalid).map(({ line, reason }) => (
          <List.Item key={line}>{t("payouts.import.line", { line, reason })}</List.Item>
        ))}
        {invalid.length > shownInvalid && <List.Item>…</List.Item>}
      </List>
    </Alert>
  );
}

/**
 * The import box: a .csv file (read here, in the browser) or pasted text. "Check" asks for a dry run and
 * shows what an import would do; "Import N codes" then imports that same text.
 */
export function CodeImport({ itemId }: { itemId: string }) {
  const importCodes = useImportCodes();
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState("");
  const [preview, setPreview] = useState<{ csv: string; answer: CodeImportAnswer } | null>(null);
  const [missing, setMissing] = useState(false);

  const readCsv = async (): Promise<string> => (file ? await file.text() : pasted);

  const check = async () => {
    let csv: string;
    try {
      csv = await readCsv();
    } catch (error) {
      showError(t("payouts.import.readFailed"), error);
      return;
    }
    setMissing(csv.trim() === "");
    if (csv.trim() === "") return;
    importCodes.mutate(
      { itemId, csv, dryRun: true },
      {
        onSuccess: (answer) => setPreview({ csv, answer }),
        onError: (error) => showError(t("payouts.import.failed"), error),
      },
    );
  };

  const confirm = () => {
    if (!preview) return;
    importCodes.mutate(
      { itemId, csv: preview.csv, dryRun: false },
      {
        onSuccess: (answer) => {
          notifications.show({
            color: "green",
            message: t("payouts.import.done", {
              added: answer.added,
              duplicates: answer.duplicates,
            }),
          });
          setPreview(null);
          setFile(null);
          setPasted("");
        },
        onError: (error) => showError(t("payouts.import.failed"), error),
      },
    );
  };

  // A changed input makes the preview stale: it must be checked again.
  const changed = () => setPreview(null);

  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        {t("payouts.import.title")}
      </Title>
      <Text size="sm" c="dimmed">
        {t("payouts.import.hint")}
      </Text>
      <FileInput
        label={t("payouts.import.file")}
        placeholder={t("payouts.import.filePlaceholder")}
        accept=".csv,text/csv"
        clearable
        leftSection={<IconFileTypeCsv size={16} />}
        value={file}
        onChange={(value) => {
          setFile(value);
          changed();
        }}
      />
      <Textarea
        label={t("payouts.import.paste")}
        rows={5}
        disabled={file !== null}
        styles={{ input: { fontFamily: "monospace" } }}
        value={pasted}
        onChange={(event) => {
          setPasted(event.currentTarget.value);
          changed();
        }}
        error={missing ? t("payouts.import.empty") : undefined}
      />
      {preview && (
        <Stack gap="xs" data-testid="import-preview">
          <Text size="sm" fw={500}>
            {t("payouts.import.preview", {
              added: preview.answer.added,
              duplicates: preview.answer.duplicates,
            })}
          </Text>
          <InvalidRows invalid={preview.answer.invalid} />
        </Stack>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => void check()} loading={importCodes.isPending && !preview}>
          {t("payouts.import.check")}
        </Button>
        {preview && (
          <Button onClick={confirm} disabled={preview.answer.added === 0} loading={importCodes.isPending}>
            {t("payouts.import.confirm", { count: preview.answer.added })}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

import { codeImportLimits, messages } from "@rewards/contract";
import { CsvError, parse } from "csv-parse/sync";
import { AppError } from "../../lib/errors.ts";

/** A readable row of an import file: the code and PIN trimmed, the expiry as YYYY-MM-DD. */
export type CodeRow = { line: number; code: string; pin: string | null; expiresOn: string | null };
export type InvalidRow = { line: number; reason: string };

const columns = ["code", "pin", "expires"] as const;
const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written YYYY-MM-DD. */
function isDay(text: string): boolean {
  const match = isoDate.exec(text);
  if (!match) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Today's date in UTC, as YYYY-MM-DD: a code is good through its expiry day. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

type Parsed = { record: string[]; info: { lines: number } };

function readRecords(csv: string): Parsed[] {
  try {
    return parse(csv, { bom: true, info: true, relax_column_count: true }) as unknown as Parsed[];
  } catch (error) {
    if (error instanceof CsvError) throw new AppError(400, messages.csvUnreadable(error.message));
    throw error;
  }
}

const headerMessage = messages.csvHeader;

/**
 * Reads an import file: a header row (names in any case; `code` required, `pin` and `expires` optional;
 * other columns ignored), then one code per row. A file that cannot be read, has no `code` column or too
 * many rows is refused whole (400); a row that breaks a rule is reported by its line (the header is line 1).
 */
export function readCodeCsv(csv: string, now = new Date()): { rows: CodeRow[]; invalid: InvalidRow[] } {
  const records = readRecords(csv);
  const [header, ...body] = records;
  const names = header?.record.map((name) => name.trim().toLowerCase()) ?? [];
  const at = Object.fromEntries(columns.map((name) => [name, names.indexOf(name)])) as Record<
    (typeof columns)[number],
    number
  >;
  if (at.code < 0) throw new AppError(400, headerMessage);
  const today = todayUtc(now);
  const rows: CodeRow[] = [];
  const invalid: InvalidRow[] = [];
  let previousEnd = header?.info.lines ?? 1;
  let count = 0;
  for (const { record, info } of body) {
    // A record starts on the line after the previous one ends (a quoted field may span lines).
    const line = previousEnd + 1;
    previousEnd = info.lines;
    if (record.length === 1 && record[0]?.trim() === "") continue;
    count += 1;
    if (count > codeImportLimits.rows) {
      throw new AppError(400, messages.csvTooManyRows(codeImportLimits.rows));
    }
    const field = (index: number) => (index >= 0 ? (record[index] ?? "").trim() : "");
    const code = field(at.code);
    const pin = field(at.pin);
    const expires = field(at.expires);
    const reason =
      code === ""
        ? "The code is empty"
        : code.length > codeImportLimits.codeLength
          ? `The code is longer than ${codeImportLimits.codeLength} characters`
          : pin.length > codeImportLimits.pinLength
            ? `The PIN is longer than ${codeImportLimits.pinLength} characters`
            : expires !== "" && !isDay(expires)
              ? `expires must be a date written YYYY-MM-DD, not "${expires.slice(0, 20)}"`
              : expires !== "" && expires < today
                ? `The code expired on ${expires}`
                : undefined;
    if (reason) invalid.push({ line, reason });
    else rows.push({ line, code, pin: pin === "" ? null : pin, expiresOn: expires === "" ? null : expires });
  }
  return { rows, invalid };
}

/**
 * CSV writing (RFC 4180) with protection against spreadsheet formula injection: a text cell starting with
 * = + - @, a tab or a carriage return is prefixed with a single quote ('), so a spreadsheet shows it as
 * text instead of running it. Numbers are written as numbers (a negative amount stays a number).
 */
const formulaStart = /^[=+\-@\t\r]/;
const needsQuotes = /[",\r\n]/;

export type CsvValue = string | number | boolean | Date | null | undefined | object;

/** One cell's text: empty for null, ISO for dates, JSON for objects, guarded and quoted as needed. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  let text =
    value instanceof Date ? value.toISOString() : typeof value === "string" ? value : JSON.stringify(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record: cells joined by commas, ended by CRLF. */
export const csvLine = (values: readonly CsvValue[]): string => `${values.map(csvCell).join(",")}\r\n`;

/** The SQLSTATE of a database error, from the driver's error or the query builder's wrapper of it. */
const sqlState = (error: unknown): string | undefined =>
  (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;

/**
 * Data exceptions (a value out of range, text too long) and integrity violations: the statement's values
 * were refused, so the request that sent them is at fault, not the server.
 */
export const isBadInput = (error: unknown) => {
  const code = sqlState(error);
  return typeof code === "string" && (code.startsWith("22") || code.startsWith("23"));
};

/** A deadlock or a serialization failure: the transaction was rolled back whole and may run again. */
export const isRetryable = (error: unknown) => {
  const code = sqlState(error);
  return code === "40P01" || code === "40001";
};

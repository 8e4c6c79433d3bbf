import { useCallback, useState } from "react";

/**
 * The selected rows of a list. They are dropped whenever `resetOn` changes by value: pass the list's
 * query and the time its data last arrived, so a new query or a refetch (after any mutation) clears
 * the selection (docs/features/lists.md).
 */
export function useListSelection<T>(resetOn: unknown) {
  const [selected, setSelected] = useState<T[]>([]);
  const key = JSON.stringify(resetOn);
  const [seenKey, setSeenKey] = useState(key);
  if (key !== seenKey) {
    // Adjusting state during render (not in an effect) so the stale selection never paints.
    setSeenKey(key);
    setSelected([]);
  }
  const clear = useCallback(() => setSelected([]), []);
  return { selected, setSelected, clear };
}

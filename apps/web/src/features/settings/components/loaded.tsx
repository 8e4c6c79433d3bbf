import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { LoadError, LoadingBlock } from "../../../components/loading-block";

/** A tab's config: "Please wait..." while loading, the action's message if it fails, else the form. */
export function Loaded<T>({
  query,
  action,
  children,
}: {
  query: UseQueryResult<T>;
  action: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <LoadingBlock />;
  if (query.isError) return <LoadError action={action} error={query.error} />;
  return children(query.data as T);
}

import { type ExportList, exportEndpoints, pathOf } from "@rewards/contract";
import { apiErrorOf } from "./api-client";
import { useAuthStore } from "./auth-store";

/**
 * Streams a list's CSV export with the session's token, reporting the bytes received as they arrive, and
 * answers the file as a Blob. A refusal (a bad filter, a role without the permission) is an ApiError, as
 * call() throws it; a lost session returns to the sign-in page the same way.
 */
export async function fetchCsvExport(
  list: ExportList,
  body: object,
  onProgress: (bytes: number) => void,
  signal?: AbortSignal,
): Promise<{ blob: Blob; fileName: string }> {
  const path = pathOf(exportEndpoints[list]);
  const token = useAuthStore.getState().authToken;
  const response = await fetch(path, {
    method: "POST",
    headers: {
      Accept: "text/csv",
      "Content-Type": "application/json",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) {
    const answer: unknown = await response.json().catch(() => ({}));
    if (response.status === 401) useAuthStore.getState().logout();
    throw apiErrorOf(response.status, answer);
  }
  const parts: Uint8Array[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      received += value.byteLength;
      onProgress(received);
    }
  }
  const named = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1];
  return {
    blob: new Blob(parts as BlobPart[], { type: "text/csv;charset=utf-8" }),
    fileName: named ?? `${list}.csv`,
  };
}

/** Saves a Blob as a file through a temporary <a download>. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

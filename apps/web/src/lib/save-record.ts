import { api } from "./api-client";

/**
 * SPEC 4's save rule for settings: a record without `_id` is created (POST to `createPath`, the answer
 * wraps it under `answerName`), one with `_id` is updated (PUT to `updatePath/{_id}`, answering it).
 */
export async function saveRecord<T>(options: {
  id: string | undefined;
  createPath: string;
  updatePath: string;
  answerName: string;
  body: unknown;
}): Promise<T> {
  if (options.id) {
    return api.put<T>(`${options.updatePath}/${encodeURIComponent(options.id)}`, options.body);
  }
  const created = await api.post<Record<string, T>>(options.createPath, options.body);
  return created[options.answerName] as T;
}

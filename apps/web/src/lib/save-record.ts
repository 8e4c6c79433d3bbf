import { type Endpoint, pathOf } from "@rewards/contract";
import { apiRequest } from "./api-client";

/**
 * The save rule of settings-like records: one without `_id` is created (the `create` endpoint, whose answer
 * wraps the record under `answerName`), one with `_id` is updated (the `update` endpoint, `:id` in its path,
 * answering the record).
 */
export async function saveRecord<T>(options: {
  id: string | undefined;
  create: Endpoint;
  update: Endpoint;
  answerName: string;
  body: unknown;
}): Promise<T> {
  if (options.id) {
    return apiRequest<T>(options.update.method, pathOf(options.update, { id: options.id }), {
      body: options.body,
    });
  }
  const created = await apiRequest<Record<string, T>>(options.create.method, pathOf(options.create), {
    body: options.body,
  });
  return created[options.answerName] as T;
}

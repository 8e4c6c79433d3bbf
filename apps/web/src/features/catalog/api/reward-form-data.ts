import { type RewardFields, rewardFieldsSchema, rewardIconField } from "@rewards/contract";

/** The reward form as multipart: name, order and, when one was chosen, the icon as "file". */
export function rewardFormData(fields: RewardFields, icon: File | null): FormData {
  const { name, order } = rewardFieldsSchema.parse(fields);
  const data = new FormData();
  data.append("name", name);
  data.append("order", String(order));
  if (icon) data.append(rewardIconField, icon);
  return data;
}

import dayjs from "dayjs";

/** Money is stored with 4 decimals and shown with 2 (decision 0007). */
export function formatUsd(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

export function formatDateTime(iso: string): string {
  return dayjs(iso).format("D MMM YYYY, HH:mm");
}

export function formatDate(iso: string): string {
  return dayjs(iso).format("D MMM YYYY");
}

export function formatTime(iso: string): string {
  return dayjs(iso).format("HH:mm");
}

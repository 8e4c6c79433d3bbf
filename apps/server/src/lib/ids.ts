import { v7 } from "uuid";

/** Every entity id is a UUIDv7: time-ordered, so ids sort by creation and index well. */
export const newId = (): string => v7();

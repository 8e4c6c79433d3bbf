/** SPEC 9 timings of the shell. */
export const progressStepMs = 30;
export const progressStepPercent = 10;
export const asideHoverExpandMs = 50;
export const asideHoverCollapseMs = 100;

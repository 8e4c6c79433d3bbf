/** The shell's timings (decision 0015). */
export const progressStepMs = 30;
export const progressStepPercent = 10;
export const asideHoverExpandMs = 50;
export const asideHoverCollapseMs = 100;

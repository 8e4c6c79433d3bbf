import { Progress } from "@mantine/core";
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { progressStepMs, progressStepPercent } from "./timing";

/**
 * A thin bar on route change: it advances while a navigation is pending (a lazy route loading) and
 * on every location change (routes already loaded change instantly), then completes and hides.
 */
export function ProgressBar() {
  const busy = useNavigation().state !== "idle";
  const { key } = useLocation();
  const lastKey = useRef(key);
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => {
    if (busy) setProgress((current) => current ?? 0);
  }, [busy]);

  useEffect(() => {
    if (lastKey.current === key) return;
    lastKey.current = key;
    setProgress((current) => current ?? 0);
  }, [key]);

  useEffect(() => {
    if (progress === null) return;
    if (progress >= 100) {
      const timer = setTimeout(() => setProgress(null), 200);
      return () => clearTimeout(timer);
    }
    // While pending it stops short of the end; the end comes when the navigation does.
    const next = busy ? Math.min(progress + progressStepPercent, 90) : progress + progressStepPercent;
    if (next === progress) return;
    const timer = setTimeout(() => setProgress(next), progressStepMs);
    return () => clearTimeout(timer);
  }, [progress, busy]);

  if (progress === null) return null;
  return (
    <Progress
      value={progress}
      size={3}
      radius={0}
      aria-hidden
      style={{ position: "fixed", top: 0, left: 0, right: 0, zIndex: 3000 }}
      transitionDuration={progressStepMs}
    />
  );
}

import type { FastifyBaseLogger } from "fastify";
import type { JobLock } from "./job-lock.ts";

export type PollingWorkerOptions = {
  /** Names the worker in the error log. */
  name: string;
  log: FastifyBaseLogger;
  /** The pause after a round before the next one. */
  pollMs: number;
  /** One round of work; an error is logged and the next round comes as usual. */
  round: () => Promise<unknown>;
  /** Told how each round ended and how long it took (the metrics' job runs). */
  observeRound?: RoundObserver;
  /**
   * For a timed job (do what is due now): the lock that makes one process run it per tick. A round this
   * process does not hold the lock for is skipped. Queue workers, woken on demand, take none.
   */
  lock?: JobLock;
};

/** "skipped": another process holds the job's lock and runs this tick's round. */
export type RoundOutcome = "ok" | "error" | "skipped";
export type RoundObserver = (outcome: RoundOutcome, seconds: number) => void;

/**
 * A background worker inside the server process: a round at once, then one `pollMs` after each round
 * ends, one round at a time. `wake()` asks for a round now (e.g. right after queueing work): at once when
 * idle, else right after the round under way, so work queued during a round never waits a whole poll.
 * The rows a round works are claimed in the database, so any number of processes can run the same worker.
 */
export function startPollingWorker(options: PollingWorkerOptions) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  function tick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    const started = performance.now();
    const observe = (outcome: RoundOutcome) =>
      options.observeRound?.(outcome, (performance.now() - started) / 1000);
    const { lock } = options;
    const round = lock
      ? async (): Promise<RoundOutcome> => {
          if (!(await lock.acquire())) return "skipped";
          // Stopping while the lock was asked for: another worker may have let it go meanwhile, and a
          // round started now would run after (or beside) the one that took over.
          if (stopped) return "skipped";
          await options.round();
          return "ok";
        }
      : async (): Promise<RoundOutcome> => {
          await options.round();
          return "ok";
        };
    running = round()
      .then(observe)
      .catch((error) => {
        observe("error");
        options.log.error({ err: error }, options.name);
      })
      .finally(() => {
        running = undefined;
        if (stopped) return;
        timer = setTimeout(tick, again ? 0 : options.pollMs);
        again = false;
      });
  }

  timer = setTimeout(tick, 0);
  return {
    /** Runs a round now instead of at the next poll. */
    wake() {
      if (timer) clearTimeout(timer);
      tick();
    },
    /** Finishes the round under way, then stops (and lets the job's lock go). */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await options.lock?.release();
    },
  };
}
export type PollingWorker = ReturnType<typeof startPollingWorker>;

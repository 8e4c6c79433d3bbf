/**
 * At most `limit` requests at work at once; the rest wait their turn in arrival order, each at most
 * `maxWaitMs` (docs/performance.md, "Requests at work"). Without it, every request under way competes
 * for the database pool at each of its statements, so a call that makes three round trips queues three
 * times behind the newest arrivals and the slowest answers take several times the average. Admitted first
 * come, first served, a request waits once, and then runs its statements nearly without waiting.
 */
export type RequestAdmission = {
  /** Resolves true once the request may run, or false when it waited `maxWaitMs` (or `cancel` came). */
  admit(cancel?: AbortSignal): Promise<boolean>;
  /** Hands the place of a request that was admitted to the next one waiting. */
  release(): void;
  /** Requests at work and waiting, for the metrics. */
  readonly running: number;
  readonly waiting: number;
};

type Waiter = { resolve: (admitted: boolean) => void; timer: NodeJS.Timeout; done: boolean };

export function createRequestAdmission(limit: number, maxWaitMs: number): RequestAdmission {
  let running = 0;
  // A FIFO as an array and the index of its head: shift() would copy the array on every admission.
  let queue: Waiter[] = [];
  let head = 0;
  let waiting = 0;

  const leave = (waiter: Waiter, admitted: boolean) => {
    waiter.done = true;
    waiting -= 1;
    clearTimeout(waiter.timer);
    waiter.resolve(admitted);
  };

  return {
    admit(cancel) {
      if (running < limit && waiting === 0) {
        running += 1;
        return Promise.resolve(true);
      }
      return new Promise<boolean>((resolve) => {
        const waiter: Waiter = {
          resolve,
          done: false,
          timer: setTimeout(() => leave(waiter, false), maxWaitMs),
        };
        cancel?.addEventListener("abort", () => !waiter.done && leave(waiter, false), { once: true });
        queue.push(waiter);
        waiting += 1;
      });
    },
    release() {
      running -= 1;
      while (running < limit && head < queue.length) {
        const next = queue[head++] as Waiter;
        if (next.done) continue;
        running += 1;
        leave(next, true);
      }
      if (head === queue.length) {
        queue = [];
        head = 0;
      } else if (head > 1024 && head * 2 > queue.length) {
        queue = queue.slice(head);
        head = 0;
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting;
    },
  };
}

/**
 * At most `limit` requests at work at once; the rest wait their turn in arrival order, each at most
 * `maxWaitMs` (docs/performance.md, "Requests at work"). Without it, every request under way competes
 * for the database pool at each of its statements, so a call that makes three round trips queues three
 * times behind the newest arrivals and the slowest answers take several times the average. Admitted first
 * come, first served, a request waits once, and then runs its statements nearly without waiting.
 */
export type RequestAdmission = {
  /** A request's turn: see Turn. */
  admit(): Turn;
  /** Hands the place of a request that was admitted to the next one waiting. */
  release(): void;
  /** Requests at work and waiting, for the metrics. */
  readonly running: number;
  readonly waiting: number;
};

/**
 * `admitted` resolves true once the request may run, or false when it waited `maxWaitMs` or was
 * cancelled; `cancel` (its client left) gives up a turn still waited for and does nothing after. No
 * AbortSignal: aborting one builds a DOMException with its stack, a measurable cost on every call.
 */
export type Turn = { admitted: Promise<boolean>; cancel(): void };

type Waiter = { resolve: (admitted: boolean) => void; timer: NodeJS.Timeout; done: boolean };

/** The turn of a request admitted at once: one object for all of them. */
const atOnce: Turn = { admitted: Promise.resolve(true), cancel: () => {} };

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
    admit() {
      if (running < limit && waiting === 0) {
        running += 1;
        return atOnce;
      }
      let waiter: Waiter | undefined;
      const admitted = new Promise<boolean>((resolve) => {
        const entry: Waiter = {
          resolve,
          done: false,
          timer: setTimeout(() => leave(entry, false), maxWaitMs),
        };
        waiter = entry;
        queue.push(entry);
        waiting += 1;
      });
      return {
        admitted,
        cancel: () => {
          if (waiter && !waiter.done) leave(waiter, false);
        },
      };
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

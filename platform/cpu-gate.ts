import { availableParallelism } from "node:os";

// A bound on CPU-priced work (password hashes): at most `running` at once, the rest wait in line,
// and a caller whose turn would come later than `maxWaitMs` (judged from how long the work has
// been taking) is refused at once instead of queueing behind a spray (issue 25, decision 036).

export class GateBusyError extends Error {
  constructor(
    readonly gate: string,
    readonly retryAfterSeconds: number,
  ) {
    super(`${gate} busy`);
    this.name = "GateBusyError";
  }
}

export interface GateOptions {
  /** At most this many run at once. */
  running: number;
  /** A caller that would wait longer than this is refused at once. */
  maxWaitMs: number;
  /** Never more than this many waiting, however quick the work seems. */
  waiting: number;
}

export class WorkGate {
  private active = 0;
  private readonly line: Array<() => void> = [];
  /** Moving average of one piece of work, in ms (starts at a guess, learns fast). */
  private averageMs = 50;

  constructor(
    readonly name: string,
    readonly options: GateOptions,
  ) {}

  get running(): number {
    return this.active;
  }

  get waiting(): number {
    return this.line.length;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    await this.enter();
    const started = performance.now();
    try {
      return await work();
    } finally {
      this.averageMs = this.averageMs * 0.8 + (performance.now() - started) * 0.2;
      this.leave();
    }
  }

  private enter(): Promise<void> {
    const { running, maxWaitMs, waiting } = this.options;
    if (this.active < running) {
      this.active++;
      return Promise.resolve();
    }
    const expectedWait = ((this.line.length + 1) * this.averageMs) / running;
    if (this.line.length >= waiting || expectedWait > maxWaitMs) {
      return Promise.reject(new GateBusyError(this.name, Math.max(1, Math.ceil(expectedWait / 1000))));
    }
    return new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      // The estimate can be wrong (a slower machine, a burst of slow hashes): the wait is capped too.
      const timer = setTimeout(() => {
        const at = this.line.indexOf(turn);
        if (at >= 0) this.line.splice(at, 1);
        reject(new GateBusyError(this.name, Math.max(1, Math.ceil(maxWaitMs / 1000))));
      }, maxWaitMs);
      this.line.push(turn);
    });
  }

  private leave(): void {
    const next = this.line.shift();
    // The slot passes straight to the next in line; only an empty line frees it.
    if (next) next();
    else this.active--;
  }
}

/**
 * Password hashes (scrypt, 128 MiB and about 0.35 s each at production cost): one core's worth
 * fewer than the machine has, so pages keep a core during a login spray; a caller is refused
 * rather than wait more than 2.5 s (the web front gives a request 5 s in all).
 */
export const passwordHashGate = new WorkGate("password hash", {
  running: Math.max(1, availableParallelism() - 1),
  maxWaitMs: 2_500,
  waiting: 64,
});

/**
 * A bench that can also run on its own (`npx tsx scripts/bench-lobby.ts`): when `url` is the
 * script node was started with, `report()` runs and its text is printed; a failure sets exit code 1.
 */
export function printWhenMain(url: string, report: () => Promise<string>): void {
  if (url !== `file://${process.argv[1]}`) return;
  report().then(
    (text) => console.log(text),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}

export type Timing = { median: number; p95: number };

/** The nearest-rank quantile of sorted numbers (NaN for none). */
export function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
}

/** Median and p95 wall time of `run`, in ms, over `runs` runs after `warmup` unmeasured ones. */
export async function timeRuns(run: () => Promise<unknown>, warmup: number, runs: number): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

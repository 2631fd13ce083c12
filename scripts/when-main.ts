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

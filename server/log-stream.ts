import { write, writeSync } from "node:fs";

// Where the logger's lines go (issue 14): gathered in a list and written by one write(2) at a
// time, at least `batchBytes` at once, and whatever is waiting at least every second (the
// server's flush timer) and when the process exits. A warning or an error goes out at once, with
// whatever waited before it. pino's own destination (sonic-boom) appends each line to a growing
// string and measures that string's UTF-8 length on every line, which flattens it: a fifth of an
// answer from the micro-cache went into writing its access line.

type Done = (error?: Error | null) => void;

/** pino's line of level 40 (warn) or above: it starts {"level":40, 50 or 60. */
const LEVEL_AT = '{"level":'.length;
const isUrgent = (line: string) =>
  line.startsWith('{"level":') && line.charCodeAt(LEVEL_AT) >= 52 /* "4" */ && line.charCodeAt(LEVEL_AT + 2) === 44 /* "," */;

export class LineBatcher {
  private lines: string[] = [];
  private bytes = 0;
  private writing = false;
  private urgent = false;

  constructor(
    private readonly fd: number,
    private readonly batchBytes = 16_384,
  ) {
    process.once("exit", () => this.flushSync());
  }

  /** Takes one line (pino writes whole lines ending in \n); never blocks. */
  write(line: string): boolean {
    this.lines.push(line);
    this.bytes += line.length;
    if (isUrgent(line)) this.urgent = true;
    if (!this.writing && (this.urgent || this.bytes >= this.batchBytes)) this.writeOut();
    return true;
  }

  /** Starts writing what is waiting (pino's logger.flush()); `done` when it is handed over. */
  flush(done?: Done) {
    if (!this.writing) this.writeOut();
    done?.();
  }

  /** What is waiting, written before this returns (exit, fatal errors). A write under way finishes on its own. */
  flushSync() {
    if (this.lines.length === 0) return;
    const text = Buffer.from(this.lines.join(""));
    this.lines = [];
    this.bytes = 0;
    let offset = 0;
    for (let tries = 0; offset < text.length && tries < 1000; tries++) {
      try {
        offset += writeSync(this.fd, text, offset, text.length - offset);
      } catch (error) {
        // A non-blocking pipe that is full: try again; anything else loses the rest.
        if ((error as NodeJS.ErrnoException).code !== "EAGAIN") return;
      }
    }
  }

  private writeOut() {
    if (this.lines.length === 0) return;
    const text = Buffer.from(this.lines.join(""));
    this.lines = [];
    this.bytes = 0;
    this.urgent = false;
    this.writing = true;
    this.send(text, 0);
  }

  private send(text: Buffer, offset: number) {
    write(this.fd, text, offset, text.length - offset, null, (error, written) => {
      if (error && error.code === "EAGAIN") {
        // stdout is a non-blocking pipe whose reader is behind: the same bytes a moment later.
        setTimeout(() => this.send(text, offset), 10).unref();
        return;
      }
      if (!error && offset + written < text.length) return this.send(text, offset + written);
      // Written, or the destination is gone (nothing else to tell: this is the log).
      this.writing = false;
      if (this.urgent || this.bytes >= this.batchBytes) this.writeOut();
    });
  }
}

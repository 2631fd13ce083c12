import { randomBytes } from "node:crypto";
import { closeSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

// PGlite is one process's database: a second process opening the same folder corrupts it or loses
// what it wrote (issue 25). Whoever opens DATA_DIR's PGlite folder first holds DATA_DIR/pglite.lock
// until it closes it: a file made with O_EXCL naming its pid, that process's start time and a token
// of this opening. A lock whose process is gone (it crashed, or the container restarted and its
// pid is someone else's now) is taken over. Decision 035.

export type LockRole = "server" | "admin";

export interface LockOwner {
  pid: number;
  /** The owner's start time as /proc says it (clock ticks since boot), when the system has /proc. */
  started: string | null;
  token: string;
  role: LockRole;
  at: string;
}

export interface DataFolderLock {
  readonly file: string;
  readonly owner: LockOwner;
  /** Removes the lock file if it is still ours; idempotent. */
  release(): void;
}

/** The folder is locked by a live process; `owner` says which. */
export class DataFolderLocked extends Error {
  constructor(
    readonly file: string,
    readonly owner: LockOwner,
  ) {
    super(
      `${path.dirname(file)} is in use by ${owner.role === "admin" ? "an operator command" : "a platform"} (pid ${owner.pid}): PGlite takes one process at a time.`,
    );
    this.name = "DataFolderLocked";
  }
}

export function lockFileOf(dataDir: string): string {
  return path.join(dataDir, "pglite.lock");
}

// Tokens this process holds, kept on globalThis: Vite's dev server may evaluate this module again,
// and the same pid with a token we do not hold is a lock left by an earlier life of this pid.
const HELD = Symbol.for("betting-web.platform.data-locks");
const held: Set<string> = ((globalThis as Record<symbol, Set<string> | undefined>)[HELD] ??= new Set());

/** A process's start time from /proc/<pid>/stat (field 22), or null where there is no /proc. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) is in parentheses and may hold spaces: count after its ")".
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists, as another user's.
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(file: string): LockOwner | null | "missing" {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return "missing";
    throw err;
  }
  try {
    const owner = JSON.parse(text) as LockOwner;
    return Number.isSafeInteger(owner.pid) && typeof owner.token === "string" ? owner : null;
  } catch {
    // Half written (its writer died between open and write) or not ours: no live owner.
    return null;
  }
}

/** Whether the lock's owner still runs: its pid is alive and, where /proc says, started when it said. */
export function ownerAlive(owner: LockOwner): boolean {
  if (owner.pid === process.pid) return held.has(owner.token);
  if (!alive(owner.pid)) return false;
  const started = processStartTime(owner.pid);
  return owner.started === null || started === null || started === owner.started;
}

/** The live process holding the folder's lock, or null when none does. */
export function lockHolder(dataDir: string): LockOwner | null {
  const owner = readOwner(lockFileOf(dataDir));
  return owner !== "missing" && owner !== null && ownerAlive(owner) ? owner : null;
}

function createExclusive(file: string, owner: LockOwner): boolean {
  let fd: number;
  try {
    fd = openSync(file, "wx", 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw err;
  }
  try {
    writeSync(fd, JSON.stringify(owner) + "\n");
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Takes the lock of DATA_DIR's PGlite folder, or throws DataFolderLocked when a live process holds
 * it. A stale lock is removed under a short-lived guard file (also O_EXCL), after checking that it
 * is still the same stale lock, so two processes taking over at once cannot both win.
 */
export function acquireDataFolderLock(dataDir: string, role: LockRole): DataFolderLock {
  mkdirSync(dataDir, { recursive: true });
  const file = lockFileOf(dataDir);
  const owner: LockOwner = {
    pid: process.pid,
    started: processStartTime(process.pid),
    token: randomBytes(12).toString("hex"),
    role,
    at: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 20; attempt++) {
    if (attempt > 0) pause(10);
    if (createExclusive(file, owner)) {
      held.add(owner.token);
      let released = false;
      return {
        file,
        owner,
        release() {
          if (released) return;
          released = true;
          held.delete(owner.token);
          const now = readOwner(file);
          if (now !== "missing" && now?.token === owner.token) unlinkSync(file);
        },
      };
    }
    const current = readOwner(file);
    if (current === "missing") continue;
    if (current && ownerAlive(current)) throw new DataFolderLocked(file, current);
    // A file we cannot read may be one being written this instant: stale only once it is old.
    if (current === null && Date.now() - mtimeOf(file) < 2_000) continue;
    takeOverStale(file, current);
  }
  throw new Error(`could not take ${file}: it kept changing hands`);
}

function mtimeOf(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}

/** A short synchronous wait between attempts (the lock is taken while nothing else runs). */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * acquireDataFolderLock, but while an operator command (role "admin") holds the folder it waits
 * for it, up to `waitMs`: a command run just before the server starts finishes in a moment.
 * A platform holding it is refused at once.
 */
export async function acquireDataFolderLockWaiting(
  dataDir: string,
  role: LockRole,
  waitMs: number,
  onWait?: (owner: LockOwner) => void,
): Promise<DataFolderLock> {
  const deadline = Date.now() + waitMs;
  let told = false;
  for (;;) {
    try {
      return acquireDataFolderLock(dataDir, role);
    } catch (err) {
      if (!(err instanceof DataFolderLocked) || err.owner.role !== "admin" || Date.now() >= deadline) throw err;
      if (!told) onWait?.(err.owner);
      told = true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

function takeOverStale(file: string, seen: LockOwner | null): void {
  const guard = `${file}.takeover`;
  const guardOwner: LockOwner = {
    pid: process.pid,
    started: processStartTime(process.pid),
    token: randomBytes(12).toString("hex"),
    role: "admin",
    at: new Date().toISOString(),
  };
  if (!createExclusive(guard, guardOwner)) {
    // Another process is taking it over this very moment, or died doing so: a dead one's guard goes.
    const other = readOwner(guard);
    if (other !== "missing" && (other === null ? Date.now() - mtimeOf(guard) >= 2_000 : !ownerAlive(other))) {
      try {
        unlinkSync(guard);
      } catch {
        // Gone already.
      }
    }
    return;
  }
  try {
    const again = readOwner(file);
    const same = again !== "missing" && (again === null ? seen === null : again.token === seen?.token);
    if (same) unlinkSync(file);
  } finally {
    unlinkSync(guard);
  }
}

import { randomUUID } from 'node:crypto';
import {
  closeSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import os from 'node:os';

/** Who holds a lock, as written in its file. */
export interface LockHolder {
  readonly pid: number;
  readonly hostname: string;
  readonly startedAt: string;
  readonly token: string;
}

/** Another live process holds the directory: starting would give two servers one PGlite (lost writes). */
export class DataDirectoryLockedError extends Error {
  constructor(
    readonly directory: string,
    readonly holder: LockHolder,
    readonly lockFile: string,
  ) {
    super(
      `${directory} is in use by another Wingmate server (pid ${holder.pid} on ${holder.hostname}, since ` +
        `${holder.startedAt}). The embedded database (PGlite) takes one process: stop that one first, use ` +
        `another DATA_DIR, or set DATABASE_URL for Postgres. If no such process runs, delete ${lockFile}.`,
    );
    this.name = 'DataDirectoryLockedError';
  }
}

export interface DataLock {
  readonly file: string;
  release(): void;
}

/** Lock files this process holds, so a second open in the same process is refused too. */
const heldHere = new Set<string>();

/**
 * Takes the exclusive lock of a PGlite directory (docs/decisions.md#production-start-and-throughput: held by the single
 * process or the cluster's primary): the file `<directory>.lock`, made with O_EXCL, says who holds it. A lock whose
 * process is gone (killed, crashed, the machine restarted) is taken over; a live holder is a
 * `DataDirectoryLockedError`. The lock goes when released or when the process exits.
 */
export async function lockDataDirectory(directory: string): Promise<DataLock> {
  const file = `${directory}.lock`;
  if (heldHere.has(file)) throw new DataDirectoryLockedError(directory, ownHolder('in use'), file);
  const mine: LockHolder = ownHolder(randomUUID());
  for (let attempt = 0; attempt < 50; attempt++) {
    if (tryCreate(file, mine)) return hold(file, mine);
    const holder = readHolder(file);
    if (holder === 'gone') continue;
    if (holder === 'unreadable' && justWritten(file)) {
      // Another process made it a moment ago and is writing its name into it.
      await sleep(50);
      continue;
    }
    if (holder !== 'unreadable' && isAlive(holder))
      throw new DataDirectoryLockedError(directory, holder, file);
    takeOver(file, holder);
  }
  throw new Error(`Could not take the lock ${file}: other processes keep taking it`);
}

function ownHolder(token: string): LockHolder {
  return { pid: process.pid, hostname: os.hostname(), startedAt: new Date().toISOString(), token };
}

function tryCreate(file: string, holder: LockHolder): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify(holder));
  } finally {
    closeSync(fd);
  }
  return true;
}

function readHolder(file: string): LockHolder | 'gone' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw error;
  }
  try {
    const holder = JSON.parse(text) as LockHolder;
    return Number.isInteger(holder.pid) && typeof holder.token === 'string' ? holder : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

function justWritten(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs < 2000;
  } catch {
    return false;
  }
}

/**
 * A holder is alive when its pid runs and is not this process (the same pid in a lock this process did not take
 * is a previous run of a restarted container, where every start is pid 1).
 */
function isAlive(holder: LockHolder): boolean {
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Moves the stale file aside rather than deleting it, so two processes taking over at once cannot delete each
 * other's new lock: if what was moved turns out to be a fresh lock, it is put back.
 */
function takeOver(file: string, stale: LockHolder | 'unreadable'): void {
  const aside = `${file}.stale-${process.pid}-${randomUUID()}`;
  try {
    renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readHolder(aside);
  const wasStale =
    stale === 'unreadable'
      ? moved === 'unreadable'
      : moved !== 'gone' && moved !== 'unreadable' && moved.token === stale.token;
  if (!wasStale) {
    try {
      linkSync(aside, file);
    } catch {
      // Someone made a new lock meanwhile: theirs stands.
    }
  }
  try {
    unlinkSync(aside);
  } catch {
    // already gone
  }
}

function hold(file: string, holder: LockHolder): DataLock {
  heldHere.add(file);
  const release = () => {
    if (!heldHere.delete(file)) return;
    process.removeListener('exit', release);
    const current = readHolder(file);
    if (current !== 'gone' && current !== 'unreadable' && current.token === holder.token) {
      try {
        unlinkSync(file);
      } catch {
        // already gone
      }
    }
  };
  process.on('exit', release);
  return { file, release };
}

/**
 * DynamoDB Local keeps its tables in one SQLite file (`-dbPath`). On this
 * kind of machine's disk, SQLite's sync at every commit made each item cost
 * about 13 ms, most of a first start; on tmpfs the same writes cost what
 * `-inMemory` costs (2,500 items in batches: 42.7 s on disk, 1.8 s on
 * /dev/shm, 2.0 s in memory; bench/results/local-start.md). So the local stack runs
 * DynamoDB Local on a working copy of the file in /dev/shm and keeps the
 * lasting copy where it always was (.local/dynamodb/): copied in at start,
 * copied back a few seconds after writes settle (./dynamodb-save-on-change.ts)
 * and once more after DynamoDB Local has stopped.
 */
import { accessSync, constants, copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The file DynamoDB Local keeps every table in when started with -sharedDb. */
export const DB_FILE = 'shared-local-instance.db';
/** SQLite's rollback journal: present while a write transaction is open, and after a crash in one. */
const JOURNAL = `${DB_FILE}-journal`;

/** tmpfs where the machine has it (Linux), else the temporary folder (still correct, only slower). */
function scratchRoot(): string {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}

export interface WorkingCopy {
  /** The folder DynamoDB Local runs on. */
  workDir: string;
  /** The folder the data lasts in. */
  lastingDir: string;
  /** Where the working copy came from, for the start's log. */
  origin: 'lasting copy' | 'newer working copy left by a stop that did not save' | 'empty';
  /** Copies the working file to the lasting folder when no write is under way; false when writes kept it changing. */
  save(): Promise<boolean>;
  /** After DynamoDB Local has stopped: saves once more and removes the working folder. */
  close(): Promise<void>;
}

const mtime = (file: string) => (existsSync(file) ? statSync(file).mtimeMs : 0);

/** The working folder of a lasting folder (one per lasting folder, so two data folders never share one). */
export function workingDirOf(lastingDir: string, root = scratchRoot()): string {
  return join(root, `billwatch-dynamodb-${createHash('sha256').update(resolve(lastingDir)).digest('hex').slice(0, 16)}`);
}

/** Lays out the working copy of `lastingDir`. */
export function openWorkingCopy(lastingDir: string, root = scratchRoot()): WorkingCopy {
  const lastingPath = resolve(lastingDir);
  const workDir = workingDirOf(lastingPath, root);
  mkdirSync(lastingPath, { recursive: true });
  mkdirSync(workDir, { recursive: true });
  const lasting = join(lastingPath, DB_FILE);
  const working = join(workDir, DB_FILE);
  let origin: WorkingCopy['origin'];
  // Only beside a lasting copy: a data folder deleted to start from nothing must not get an old working file back.
  if (existsSync(working) && existsSync(lasting) && mtime(working) > mtime(lasting)) {
    // The last run ended without its final save (killed): its working file is newer, and SQLite rolls back its journal on open.
    origin = 'newer working copy left by a stop that did not save';
  } else if (existsSync(lasting)) {
    // A journal left beside an older working file belongs to that file: applied to the lasting copy it would corrupt it.
    rmSync(join(workDir, JOURNAL), { force: true });
    copyFileSync(lasting, working);
    origin = 'lasting copy';
  } else {
    rmSync(working, { force: true });
    rmSync(join(workDir, JOURNAL), { force: true });
    origin = 'empty';
  }
  const save = async (): Promise<boolean> => {
    if (!existsSync(working)) return true;
    const aside = `${lasting}.tmp`;
    for (let attempt = 0; attempt < 5; attempt++) {
      if (attempt) await new Promise((r) => setTimeout(r, 25 * attempt));
      if (existsSync(join(workDir, JOURNAL))) continue;
      const before = statSync(working);
      copyFileSync(working, aside);
      const after = statSync(working);
      // Unchanged during the copy and no transaction open after it: the copy is a committed state.
      if (before.mtimeMs === after.mtimeMs && before.size === after.size && !existsSync(join(workDir, JOURNAL))) {
        renameSync(aside, lasting);
        return true;
      }
    }
    rmSync(aside, { force: true });
    return false;
  };
  return {
    workDir,
    lastingDir: lastingPath,
    origin,
    save,
    async close() {
      if (await save()) rmSync(workDir, { recursive: true, force: true });
    },
  };
}

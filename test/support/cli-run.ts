/**
 * Runs `npm run cli` in-process for the CLI tests: its exit code and what it
 * wrote to stdout and stderr, and files in a fresh temporary folder to point
 * it at.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '#local/cli.ts';

export function runCli(...args: string[]) {
  let out = '';
  let err = '';
  const code = main(
    args,
    (s) => (out += s),
    (s) => (err += s),
  );
  return { code, out, err, json: () => JSON.parse(out) as Record<string, unknown> };
}

/** A function writing files into a new temporary folder and returning their paths. */
export function tempFiles(prefix: string): (name: string, text: string | Buffer) => string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return (name, text) => {
    const p = path.join(dir, name);
    writeFileSync(p, text);
    return p;
  };
}

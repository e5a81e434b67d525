/**
 * The whole `npm test`: Vitest, with the static checks (lint, format, both
 * type checks) beside it rather than before it. Arguments go to `vitest run`.
 *
 * Why beside: on CI's 2 cores the checks took ~81 s of wall one after the
 * other's end before the first test started (~160 s of CPU on both cores),
 * while Vitest itself keeps only ~1.6 cores busy (its files wait on the
 * emulators' timers, queue delays and browsers). The checks start at the
 * lowest CPU priority, so they take the cores Vitest leaves idle instead of
 * slowing its timing-sensitive files. Each check's output is printed under
 * its name once Vitest's own report is out; the exit code is non-zero when
 * any check or any test failed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { dirname, join } from 'node:path';

/** package.json's scripts, all started at once. */
const CHECKS = ['typecheck:service', 'typecheck:web', 'format:check', 'lint'];
/** The lowest scheduling priority (the nice value 19; Windows maps it to its idle class). */
const LOWEST_PRIORITY = 19;

interface Finished {
  code: number | null;
  seconds: number;
}

function finished(child: ChildProcess): Promise<Finished> {
  const began = performance.now();
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, seconds: (performance.now() - began) / 1000 })));
}

/** Starts a check at the lowest priority; its output is kept for the report. */
function startCheck(script: string): { script: string; output: Buffer[]; done: Promise<Finished> } {
  const npm = ['npm', 'run', '-s', script];
  // POSIX `nice` lowers the priority before npm runs, so the check npm starts inherits it; setting it on the child
  // after the spawn raced with npm starting the check (seen). Windows has no `nice`: its priority class is set instead.
  const windows = process.platform === 'win32';
  const [command, ...args] = windows ? npm : ['nice', '-n', String(LOWEST_PRIORITY), ...npm];
  const child = spawn(command!, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: windows });
  if (windows && child.pid !== undefined) setPriority(child.pid, LOWEST_PRIORITY);
  const output: Buffer[] = [];
  child.stdout?.on('data', (d: Buffer) => output.push(d));
  child.stderr?.on('data', (d: Buffer) => output.push(d));
  return { script, output, done: finished(child) };
}

const vitestBin = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const vitest = finished(spawn(process.execPath, [vitestBin, 'run', ...process.argv.slice(2)], { stdio: 'inherit' }));
const checks = CHECKS.map(startCheck);

const tests = await vitest;
let failed = tests.code !== 0;
for (const { script, output, done } of checks) {
  const { code, seconds } = await done;
  const text = Buffer.concat(output).toString().trimEnd();
  console.log(`${code === 0 ? 'passed' : 'FAILED'}: npm run ${script} in ${seconds.toFixed(1)} s${text ? `\n${text}` : ''}`);
  failed ||= code !== 0;
}
if (failed) process.exitCode = 1;

/**
 * Measures `npm start`'s time to ready: spawns `tsx local/start.ts` on a
 * fresh data folder (cold: new DynamoDB files, secret generated) and again on
 * the same folder (warm), timing from spawn until /api/health answers, then
 * stops it with SIGTERM and checks it exits 0. Prints seconds; not a test.
 * Run: npx tsx bench/local-start.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../local/net.ts';
import { REPO_ROOT } from '../local/function-loader.ts';
import { localDataDirs } from '../local/data-dirs.ts';
import { workingDirOf } from '../local/dynamodb-working-copy.ts';

interface StartRun {
  readySeconds: number;
  reportedSeconds: number | null;
  stopSeconds: number;
  exitCode: number | null;
}

async function startOnce(dataDir: string): Promise<StartRun> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(join(REPO_ROOT, 'node_modules/.bin/tsx'), ['local/start.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, LOCAL_DATA_DIR: dataDir, PORT: String(port), SMTP_SINK_PORT: '0', LOCAL_SCHEDULER: '0', JWT_SECRET_KEY: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`not ready after 120 s:\n${output}`);
    // Ready means start.ts said so and the API answers.
    const ok =
      output.includes('ready in') &&
      (await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      ));
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const readySeconds = (performance.now() - started) / 1000;
  const reported = /ready in ([\d.]+) s/.exec(output);
  const stopping = performance.now();
  child.kill('SIGTERM');
  const exitCode = await exited;
  if (exitCode !== 0) console.log(output.split('\n').slice(-8).join('\n'));
  for (const line of output.split('\n').filter((l) => / in [\d.]+ s|at [\d.]+ s|took [\d.]+ s/.test(l))) console.log(`  ${line}`);
  return { readySeconds, reportedSeconds: reported ? Number(reported[1]) : null, stopSeconds: (performance.now() - stopping) / 1000, exitCode };
}

const dataDir = mkdtempSync(join(tmpdir(), 'billwatch-bench-start-'));
try {
  for (const label of ['cold', 'warm']) {
    const run = await startOnce(dataDir);
    console.log(
      `${label}: ready ${run.readySeconds.toFixed(1)} s from spawn (start.ts reported ${run.reportedSeconds?.toFixed(1) ?? '?'} s); ` +
        `stopped in ${run.stopSeconds.toFixed(1)} s with exit code ${run.exitCode}`,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  // A stop killed before its last save leaves DynamoDB's working copy on tmpfs; its data folder is gone now.
  rmSync(workingDirOf(localDataDirs(dataDir, true).dynamodb ?? join(dataDir, 'dynamodb')), { recursive: true, force: true });
}

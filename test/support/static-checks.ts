/**
 * The checks `npm test` runs before the tests (lint, format, both type
 * checks), side by side: each is one single-threaded process, so one after
 * another they left a core of CI's two idle for about two minutes. Each
 * check's output is printed whole when it ends, under its name; the exit
 * code is non-zero when any check failed.
 */
import { spawn } from 'node:child_process';

/** package.json's scripts, all started at once. */
const CHECKS = ['typecheck:service', 'typecheck:web', 'format:check', 'lint'];

function run(script: string): Promise<boolean> {
  const began = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => output.push(d));
    child.stderr.on('data', (d: Buffer) => output.push(d));
    child.on('close', (code) => {
      const seconds = ((performance.now() - began) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString().trimEnd();
      console.log(`${code === 0 ? 'passed' : 'FAILED'}: npm run ${script} in ${seconds} s${text ? `\n${text}` : ''}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(CHECKS.map(run));
if (results.includes(false)) process.exitCode = 1;

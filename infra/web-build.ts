/**
 * Builds the web app (clients/web → clients/web/dist) with Vite when there is
 * no build made from the current sources, so `npm start` on a fresh clone
 * serves the app and a restart after no change costs one hash of the sources
 * (`npm run web:build` is Vite's build, always). Current means the same
 * content, not newer modification times: a checkout or a branch switch that
 * touches files without changing them does not rebuild.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { PROJECT_ROOT as REPO_ROOT } from './function-catalog.ts';

export const WEB_ROOT = join(REPO_ROOT, 'clients', 'web');
export const WEB_DIST = join(WEB_ROOT, 'dist');
/** What a build is made from besides the app's own folder: the typed client and the installed packages. */
const INPUTS_OUTSIDE = [join(REPO_ROOT, 'clients', 'typescript'), join(REPO_ROOT, 'package-lock.json')];
/** Written into the build after it succeeds: the hash of the sources it was made from. */
const HASH_FILE = '.source-hash';

async function filesUnder(path: string): Promise<string[]> {
  const info = await stat(path).catch(() => null);
  if (!info) return [];
  if (!info.isDirectory()) return [path];
  const entries = await readdir(path, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((e) => e.name !== 'dist' && e.name !== 'node_modules' && !e.name.startsWith('.'))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((e) => filesUnder(join(path, e.name))),
  );
  return nested.flat();
}

/** A hash of every source file's path (relative to the repository) and content. */
export async function sourceHash(root = WEB_ROOT, outside = INPUTS_OUTSIDE): Promise<string> {
  const hash = createHash('sha256');
  for (const file of (await Promise.all([root, ...outside].map(filesUnder))).flat()) {
    hash.update(`${relative(REPO_ROOT, file)}\n`).update(await readFile(file));
  }
  return hash.digest('hex');
}

/** Why the build must be made again, or null when it is current. */
export async function staleReason(root = WEB_ROOT, dist = join(root, 'dist'), outside = INPUTS_OUTSIDE): Promise<string | null> {
  const built = await stat(join(dist, 'index.html')).catch(() => null);
  if (!built) return 'no build yet';
  const recorded = await readFile(join(dist, HASH_FILE), 'utf8').catch(() => null);
  if (!recorded) return 'the build records no source hash';
  return recorded.trim() === (await sourceHash(root, outside)) ? null : 'sources changed since the last build';
}

/**
 * Runs Vite's production build of the app in a child process and records the hash of the sources it read. Vite takes
 * React's development build whenever NODE_ENV is set to anything but "production" (the test runner sets "test"), and
 * the build it left was then "current" for `npm start`, the benches and a deploy alike; NODE_ENV is the process's
 * own, so the build gets a process of its own rather than a change to the caller's environment.
 */
export async function buildWebApp(log: (line: string) => void, root = WEB_ROOT): Promise<void> {
  const began = performance.now();
  // Hashed before the build, so an edit made while it runs leaves the build stale, not wrongly current.
  const hash = await sourceHash(root);
  const vite = join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  const args = [vite, 'build', root, '--config', join(root, 'vite.config.ts'), '--mode', 'production', '--logLevel', 'warn'];
  await new Promise<void>((done, fail) => {
    execFile(process.execPath, args, { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 16 * 1024 * 1024 }, (err, _out, errOut) => {
      if (err) fail(new Error(`vite build failed: ${errOut.trim() || err.message}`));
      else done();
    });
  });
  await writeFile(join(root, 'dist', HASH_FILE), `${hash}\n`);
  log(`web app built into ${join(root, 'dist')} in ${((performance.now() - began) / 1000).toFixed(1)} s`);
}

/** Builds the app unless its build is current; says which it did. */
export async function ensureWebBuild(log: (line: string) => void, root = WEB_ROOT): Promise<'built' | 'current' | 'absent'> {
  const app = await stat(join(root, 'index.html')).catch(() => null);
  if (!app) return 'absent';
  const reason = await staleReason(root);
  if (!reason) return 'current';
  log(`building the web app (${reason})`);
  await buildWebApp(log, root);
  return 'built';
}

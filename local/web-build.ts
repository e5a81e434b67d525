/**
 * Builds the web app (clients/web → clients/web/dist) with Vite when the
 * build is missing or older than anything it is made from, so `npm start`
 * on a fresh clone serves the app and a restart after no change costs
 * nothing (`npm run web:build` is Vite's build, always).
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT } from './function-loader.ts';

export const WEB_ROOT = join(REPO_ROOT, 'clients', 'web');
export const WEB_DIST = join(WEB_ROOT, 'dist');
/** What a build is made from besides the app's own folder: the typed client and the installed packages. */
const INPUTS_OUTSIDE = [join(REPO_ROOT, 'clients', 'typescript'), join(REPO_ROOT, 'package-lock.json')];

async function newestMtime(path: string): Promise<number> {
  const info = await stat(path).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(path, { withFileTypes: true })) {
    if (entry.name === 'dist' || entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, await newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** Why the build must be made again, or null when it is current. */
export async function staleReason(root = WEB_ROOT, dist = join(root, 'dist'), outside = INPUTS_OUTSIDE): Promise<string | null> {
  const built = await stat(join(dist, 'index.html')).catch(() => null);
  if (!built) return 'no build yet';
  const sources = Math.max(await newestMtime(root), ...(await Promise.all(outside.map(newestMtime))));
  return sources > built.mtimeMs ? 'sources changed since the last build' : null;
}

/** Runs Vite's production build of the app. */
export async function buildWebApp(log: (line: string) => void, root = WEB_ROOT): Promise<void> {
  const began = performance.now();
  const { build } = await import('vite');
  await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn', mode: 'production' });
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

/**
 * A build folder of the web app's shape (index.html and a hashed file), for
 * stack tests: they check how the stack deploys and serves a build, not the
 * app, so they need no `npm run web:build` first.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let made: string | undefined;

export function testWebDist(): string {
  if (made) return made;
  const dir = mkdtempSync(join(tmpdir(), 'billwatch-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><title>BillWatch</title><script type="module" src="/assets/index-t3st.js"></script></head><body></body></html>',
  );
  writeFileSync(join(dir, 'assets', 'index-t3st.js'), 'document.title = "BillWatch";');
  return (made = dir);
}

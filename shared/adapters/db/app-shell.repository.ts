/**
 * The web app's shell (its built index.html), read by the share pages to
 * carry a link preview: from the app's bucket in AWS (WEB_BUCKET_NAME), from
 * the build folder locally (WEB_DIST_DIR). Kept a minute per container, so a
 * deployment of a new app reaches share pages within a minute without a
 * read per request.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { config } from '#shared/platform/config.ts';
import { s3, s3Sdk } from '#shared/platform/s3-client.ts';

export const SHELL_KEY = 'index.html';
const SHELL_TTL_MS = 60_000;

let cached: { html: string | null; until: number } | undefined;

async function readFromBucket(bucket: string): Promise<string | null> {
  const [client, { GetObjectCommand }] = await Promise.all([s3(), s3Sdk()]);
  try {
    const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: SHELL_KEY }));
    return (await out.Body?.transformToString('utf-8')) ?? null;
  } catch (err) {
    // A bucket without the app yet (first deploy in progress) is not an error of the link.
    if ((err as { name?: string }).name === 'NoSuchKey') return null;
    throw err;
  }
}

async function readFromFolder(dir: string): Promise<string | null> {
  try {
    return await readFile(join(dir, SHELL_KEY), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/** The shell's HTML, or null when no app is deployed or built (share pages then serve a page of their own). */
export async function appShell(now = Date.now()): Promise<string | null> {
  if (cached && cached.until > now) return cached.html;
  const { WEB_BUCKET_NAME, WEB_DIST_DIR } = config();
  const html = WEB_BUCKET_NAME ? await readFromBucket(WEB_BUCKET_NAME) : WEB_DIST_DIR ? await readFromFolder(WEB_DIST_DIR) : null;
  cached = { html, until: now + SHELL_TTL_MS };
  return html;
}

/** Forgets the kept shell (tests, and the local stack after a rebuild). */
export function forgetAppShell(): void {
  cached = undefined;
}

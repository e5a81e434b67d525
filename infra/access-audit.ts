/**
 * Checks the access table against the code: bundles a function the way it is
 * deployed (tree-shaken, so only reachable code remains) and lists the AWS
 * capabilities the bundle can use: queue sends by literal queue name, bucket
 * reads and writes, table writes, bus puts and SES sends. Anything reachable
 * but not granted would fail in AWS with AccessDenied or a missing variable.
 */
import path from 'node:path';
import { build } from 'esbuild';
import type { Need } from './access-table.ts';
import { esbuildOptions } from './bundling.ts';
import { PROJECT_ROOT, type FunctionSpec } from './function-catalog.ts';

/** A capability name: send:<queue>, bucket:read, bucket:write, table:write, bus-put, email-send, web-shell. */
export type Capability = string;

const PATTERNS: Array<[RegExp, Capability]> = [
  [/new (GetObjectCommand|HeadObjectCommand|ListObjectsV2Command)\d*\(/, 'bucket:read'],
  [/new (PutObjectCommand|DeleteObjectCommand|CopyObjectCommand)\d*\(/, 'bucket:write'],
  [/new (PutCommand|UpdateCommand|DeleteCommand|BatchWriteCommand|TransactWriteCommand|PutItemCommand|UpdateItemCommand)\d*\(/, 'table:write'],
  [/new PutEventsCommand\d*\(/, 'bus-put'],
  [/new (SendEmailCommand|SendRawEmailCommand)\d*\(/, 'email-send'],
];

/** The one read of the web app's bucket: its shell (shared/adapters/db/app-shell.repository.ts), granted on that object alone. */
const SHELL_READ = /new GetObjectCommand\d*\(\{\s*Bucket:\s*\w+,\s*Key:\s*SHELL_KEY\d*\s*\}\)/g;

/** The capabilities the (unminified, tree-shaken) bundle code uses. */
export function capabilitiesIn(bundle: string): Set<Capability> {
  const found = new Set<Capability>();
  if (SHELL_READ.test(bundle)) found.add('web-shell');
  const code = bundle.replace(SHELL_READ, '');
  for (const m of code.matchAll(/sendMessages?\(\s*"([a-z0-9-]+)"/g)) found.add(`send:${m[1]}`);
  for (const [re, cap] of PATTERNS) if (re.test(code)) found.add(cap);
  return found;
}

/** The capabilities a list of needs grants. */
export function capabilitiesGranted(needs: readonly Need[]): Set<Capability> {
  const granted = new Set<Capability>();
  for (const n of needs) {
    if (n.kind === 'send') granted.add(`send:${n.queue}`);
    else if (n.kind === 'bucket') {
      if (n.mode !== 'write') granted.add('bucket:read');
      if (n.mode !== 'read') granted.add('bucket:write');
    } else if (n.kind === 'table') {
      if (n.mode === 'readwrite') granted.add('table:write');
    } else granted.add(n.kind);
  }
  return granted;
}

/** Bundles one function in memory and returns what its code can reach. */
export async function reachableCapabilities(spec: FunctionSpec, root = PROJECT_ROOT): Promise<Set<Capability>> {
  const options = esbuildOptions(path.join(root, spec.entry), path.join(root, 'dist', '.audit'));
  // One file holding the lazily imported paths too (no splitting), and only the service's own code: the AWS SDK
  // stays external, since its internals (S3 waiters, the document client's wrappers) name commands no function sends.
  const result = await build({
    ...options,
    splitting: false,
    external: ['@aws-sdk/*'],
    write: false,
    minify: false,
    sourcemap: false,
    metafile: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles
    .filter((f) => f.path.endsWith('.mjs'))
    .map((f) => f.text)
    .join('\n');
  return capabilitiesIn(code);
}

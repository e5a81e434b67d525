/**
 * Loads Lambda entry points (functions/api|jobs|workers/<name>.ts) lazily and
 * once, the way a Lambda container initialises on its first invocation. An
 * entry that does not exist yet is reported as missing instead of crashing
 * the local stack, because other parts of the service are built in parallel.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';

export type LambdaHandler = (event: unknown, context: Context) => Promise<unknown>;
export type FunctionKind = 'api' | 'jobs' | 'workers';

export type LoadResult = { status: 'ok'; handler: LambdaHandler } | { status: 'missing'; file: string } | { status: 'failed'; error: Error };

/** The repository root (the folder holding local/). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The path of a function's entry file. */
export const functionFile = (kind: FunctionKind, name: string): string => join(REPO_ROOT, 'functions', kind, `${name}.ts`);

const loaded = new Map<string, Promise<LoadResult>>();

async function load(file: string): Promise<LoadResult> {
  try {
    const mod = (await import(pathToFileURL(file).href)) as { handler?: unknown };
    if (typeof mod.handler !== 'function') return { status: 'failed', error: new Error(`${file} does not export a handler function`) };
    return { status: 'ok', handler: mod.handler as LambdaHandler };
  } catch (err) {
    return { status: 'failed', error: err instanceof Error ? err : new Error(String(err)) };
  }
}

/**
 * The handler of functions/<kind>/<name>.ts. A missing file is looked for
 * again on the next call (it may have been written since); a module that
 * failed to initialise stays failed, like a Lambda whose init crashed.
 */
export function loadFunction(kind: FunctionKind, name: string): Promise<LoadResult> {
  const file = functionFile(kind, name);
  if (!existsSync(file)) return Promise.resolve({ status: 'missing', file });
  let result = loaded.get(file);
  if (!result) {
    result = load(file);
    loaded.set(file, result);
  }
  return result;
}

/** A minimal Lambda context for local invocations. */
export function lambdaContext(functionName: string, requestId: string, timeoutSeconds = 30): Context {
  const deadline = Date.now() + timeoutSeconds * 1000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:us-east-1:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/**
 * The MCP server as the deployed bundle runs it: built with infra/bundling.ts
 * (the MCP SDK inside, `ajv` and `ajv-formats` aliased to refusing shims) and
 * imported in a fresh Node process, it still answers initialize, tools/list
 * (the route modules loaded from their chunks) and tools/call, and a server
 * made without the zod validator meets the shim's refusal rather than a
 * half-built ajv.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_TOOLS } from '#shared/edges/http/mcp-tools.ts';
import { BUNDLE_FILE, esbuildOptions, writeBundle } from '#infra/bundling.ts';
import { PROJECT_ROOT } from '#infra/function-catalog.ts';

const run = promisify(execFile);

interface Answer {
  status: number;
  body: { result?: Record<string, unknown>; error?: unknown };
}

describe('the MCP server in a bundle', () => {
  let outdir: string;
  let report: { initialize: Answer; list: Answer; call: Answer; withoutValidator: string };
  beforeAll(async () => {
    outdir = mkdtempSync(path.join(tmpdir(), 'billwatch-mcp-'));
    const result = await build(esbuildOptions(path.join(PROJECT_ROOT, 'test/infra/support/bundled-mcp-probe.ts'), outdir));
    writeBundle(result.outputFiles);
    const script = `const { probe } = await import(${JSON.stringify(pathToFileURL(path.join(outdir, BUNDLE_FILE)).href)}); process.stdout.write(JSON.stringify(await probe()));`;
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { env: { PATH: process.env.PATH, AWS_REGION: 'us-east-1' } });
    report = JSON.parse(stdout) as typeof report;
  }, 60_000);
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));

  it('answers initialize in the asked revision', () => {
    expect(report.initialize).toMatchObject({ status: 200, body: { result: { protocolVersion: '2025-06-18', serverInfo: { name: 'billwatch' } } } });
  });

  it('lists a tool per row and answers a tool call through the dispatch', () => {
    expect((report.list.body.result?.tools as { name: string }[]).map((t) => t.name)).toEqual(MCP_TOOLS.map((t) => t.name));
    expect(report.call.body.result).toMatchObject({ structuredContent: { operation: 'getBill', params: { id: '119-hr-1' } } });
  });

  it('holds no ajv: a server without the zod validator meets the shim', () => {
    expect(report.withoutValidator).toMatch(/^ajv is not bundled/);
  });
});

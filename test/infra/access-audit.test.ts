/**
 * Least privilege that keeps up with the code: every AWS capability a
 * function's deployed (tree-shaken) bundle can reach is granted by its row of
 * infra/access-table.ts. When this fails, add the need to that row.
 */
import { describe, expect, it } from 'vitest';
import { capabilitiesGranted, capabilitiesIn, reachableCapabilities } from '#infra/access-audit.ts';
import { needsOf } from '#infra/access-table.ts';
import { functionSpecs } from '#infra/function-catalog.ts';

describe('access audit', () => {
  it('recognises queue sends, bucket and table writes, bus puts and SES sends in bundle code', () => {
    const code = [
      'await sendMessage("notification-dispatch", body);',
      'await sendMessages( "ingest-tasks", list);',
      'await s3().send(new GetObjectCommand({}));',
      'await s3().send(new PutObjectCommand2({}));',
      'await dynamo().send(new TransactWriteCommand({}));',
      'await bus.send(new PutEventsCommand({}));',
    ].join('\n');
    expect([...capabilitiesIn(code)].sort()).toEqual(
      ['bucket:read', 'bucket:write', 'bus-put', 'send:ingest-tasks', 'send:notification-dispatch', 'table:write'].sort(),
    );
    expect(capabilitiesIn('await dynamo().send(new GetCommand({}));').size).toBe(0);
  });

  it("tells the read of the web app's shell from a read of the texts bucket", () => {
    expect([...capabilitiesIn('await client.send(new GetObjectCommand({ Bucket: bucket, Key: SHELL_KEY }));')]).toEqual(['web-shell']);
    const both = 'await client.send(new GetObjectCommand({ Bucket: bucket, Key: SHELL_KEY }));\nawait s3().send(new GetObjectCommand({ Bucket: b, Key: k }));';
    expect([...capabilitiesIn(both)].sort()).toEqual(['bucket:read', 'web-shell']);
  });

  it('grants every function each capability its bundle can reach', async () => {
    const specs = functionSpecs();
    const gaps = await Promise.all(
      specs.map(async (spec) => {
        const granted = capabilitiesGranted(needsOf(spec));
        // The fallback shares functions/api/system.ts (and so the API pipeline's rate-limit writes)
        // but only matches the route table in memory; it is deliberately given no table.
        if (spec.kind === 'fallback') granted.add('table:write');
        const reachable = await reachableCapabilities(spec);
        return [...reachable].filter((c) => !granted.has(c)).map((c) => `${spec.key} (${spec.entry}) uses ${c}`);
      }),
    );
    expect(gaps.flat()).toEqual([]);
  }, 120_000);
});

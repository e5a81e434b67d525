/**
 * Requests name the table only through shared/adapters/db/table-client.ts, and
 * items get their `entity` attribute only through shared/adapters/db/entities.ts:
 * this lists the files that spell a `TableName:` or set (or filter on) the
 * entity attribute by hand. None may, but for the few listed below, which
 * are not requests of the service's table.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const SOURCE_DIRS = ['shared', 'functions', 'local', 'bench', 'test', 'infra'];
const SELF = 'test/unit/shared/adapters/db/table-boilerplate.test.ts';

const TABLE_NAME = /\bTableName\s*:/g;
/** `entity: 'bill'`, `entity: \`${kind}_token\``, or the attribute's name quoted (a hand-written filter). */
const ENTITY_TAG = /\bentity\s*:\s*['"`]|(['"`])entity\1/g;

/** The wrapper, and what is not a request of the service's table. */
const TABLE_NAME_ALLOWED: Record<string, string> = {
  'shared/adapters/db/table-client.ts': 'the wrapper',
  'test/unit/shared/adapters/db/table-client.test.ts': "the wrapper's test, which pins the requests it sends",
  'shared/adapters/db/table-definition.ts': 'CreateTable declares the table',
  'local/provision.ts': 'DescribeTable and UpdateTimeToLive of the table it creates',
  'bench/support/floor-handler.ts': 'the floor bundle is the bare SDK by design',
  'test/integration/local/dynamodb-working-copy.test.ts': 'a table of its own, on the low-level client',
  'test/e2e/support/seeded-state.ts': "a seeded table's every item copied in DynamoDB's wire format (Scan, BatchWriteItem), on the low-level client",
};
const ENTITY_TAG_ALLOWED: Record<string, string> = {
  'shared/adapters/db/entities.ts': 'the wrapper',
  'test/unit/shared/adapters/db/table-client.test.ts': "the wrapper's test, which pins the stored attribute",
  'shared/use-cases/bills/bulk-export.ts': "a bulk snapshot file's entity (bills, members), not an item's",
  'shared/use-cases/committees/committee-bulk-files.ts': "a bulk snapshot file's entity (committees, meetings), not an item's",
  'test/e2e/amendments/amendments.test.ts': "a bulk snapshot file's entity (amendments) in the manifest, not an item's",
};

const withoutComments = (src: string) => src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : sourceFiles(rel);
    return /\.(ts|tsx|js|mjs)$/.test(e.name) ? [rel] : [];
  });
}

const scanned = SOURCE_DIRS.flatMap(sourceFiles).filter((f) => f !== SELF);
const sources = new Map(scanned.map((f) => [f, withoutComments(fs.readFileSync(path.join(ROOT, f), 'utf8'))]));
const countIn = (file: string, pattern: RegExp) => (sources.get(file)?.match(pattern) ?? []).length;
const offenders = (pattern: RegExp, allowed: Record<string, string>) =>
  Object.fromEntries(scanned.filter((f) => !(f in allowed)).flatMap((f) => (countIn(f, pattern) > 0 ? [[f, countIn(f, pattern)]] : [])));

describe('table boilerplate', () => {
  it('recognises a table name and a hand-set entity tag', () => {
    expect('new GetCommand({ TableName: tableName(), Key })'.match(TABLE_NAME)).toHaveLength(1);
    expect("Item: { ...key, entity: 'note', content }".match(ENTITY_TAG)).toHaveLength(1);
    expect('{ ...key, entity: `${kind}_token` }'.match(ENTITY_TAG)).toHaveLength(1);
    expect("filter: cond.eq('entity', 'brief')".match(ENTITY_TAG)).toHaveLength(1);
    expect("table.getItem({ Key }); entityItem('note', key, { content }); type T = Omit<Input, 'TableName'>".match(TABLE_NAME)).toBeNull();
    expect("entityItem('note', key, { content }); ofEntity('brief'); entity.name".match(ENTITY_TAG)).toBeNull();
  });

  it('reads the sources, the wrappers among them', () => {
    // The wrappers are found and counted like any file, so an empty result below cannot come from an empty scan.
    expect(countIn('shared/adapters/db/table-client.ts', TABLE_NAME)).toBeGreaterThan(0);
    expect(countIn('shared/adapters/db/entities.ts', ENTITY_TAG)).toBeGreaterThan(0);
    for (const file of [...Object.keys(TABLE_NAME_ALLOWED), ...Object.keys(ENTITY_TAG_ALLOWED)]) expect(sources.has(file)).toBe(true);
  });

  it('names the table in no request but the wrapper’s', () => {
    expect(offenders(TABLE_NAME, TABLE_NAME_ALLOWED)).toEqual({});
  });

  it('sets the entity attribute in no item but through entities.ts', () => {
    expect(offenders(ENTITY_TAG, ENTITY_TAG_ALLOWED)).toEqual({});
  });
});

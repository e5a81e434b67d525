// `npm start`'s DynamoDB Local runs on a tmpfs working copy of .local/dynamodb: data written survives a restart,
// the working copy is saved only in a committed state, and a run killed before its last save loses nothing it had written.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTableCommand, DynamoDBClient, GetItemCommand, ListTablesCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { DB_FILE, openWorkingCopy } from '#local/dynamodb-working-copy.ts';
import { saveOnChange } from '#local/dynamodb-save-on-change.ts';
import { startEmulators } from '#local/emulators.ts';
import { tableDefinition } from '#shared/adapters/db/table-definition.ts';

const folders: string[] = [];
const scratch = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `billwatch-${name}-`));
  folders.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  vi.useRealTimers();
});

const client = (endpoint: string) => new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });

describe('the working copy', () => {
  it('starts empty, then is copied in from the lasting folder, and close() saves it and removes the working folder', async () => {
    const root = scratch('shm');
    const lasting = join(scratch('data'), 'dynamodb');
    const first = openWorkingCopy(lasting, root);
    expect(first.origin).toBe('empty');
    writeFileSync(join(first.workDir, DB_FILE), 'tables v1');
    await first.close();
    expect(readFileSync(join(lasting, DB_FILE), 'utf8')).toBe('tables v1');
    expect(existsSync(first.workDir)).toBe(false);

    const second = openWorkingCopy(lasting, root);
    expect(second.origin).toBe('lasting copy');
    expect(second.workDir).toBe(first.workDir);
    expect(readFileSync(join(second.workDir, DB_FILE), 'utf8')).toBe('tables v1');
  });

  it('keeps a working file newer than the lasting one (a run killed before its last save), and drops a journal beside an older one', () => {
    const root = scratch('shm');
    const lasting = join(scratch('data'), 'dynamodb');
    mkdirSync(lasting, { recursive: true });
    writeFileSync(join(lasting, DB_FILE), 'saved');
    const killed = openWorkingCopy(lasting, root);
    writeFileSync(join(killed.workDir, DB_FILE), 'written after the last save');
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(killed.workDir, DB_FILE), later, later);
    expect(openWorkingCopy(lasting, root).origin).toBe('newer working copy left by a stop that did not save');
    expect(readFileSync(join(killed.workDir, DB_FILE), 'utf8')).toBe('written after the last save');

    // The lasting copy is newer now: the old working file and its journal give way to it.
    const older = new Date(Date.now() - 120_000);
    utimesSync(join(killed.workDir, DB_FILE), older, older);
    writeFileSync(join(killed.workDir, `${DB_FILE}-journal`), 'rollback pages of the old file');
    const reopened = openWorkingCopy(lasting, root);
    expect(reopened.origin).toBe('lasting copy');
    expect(readFileSync(join(reopened.workDir, DB_FILE), 'utf8')).toBe('saved');
    expect(existsSync(join(reopened.workDir, `${DB_FILE}-journal`))).toBe(false);
  });

  it('starts empty when the lasting folder was deleted, even if a killed run left a working file', () => {
    const root = scratch('shm');
    const lasting = join(scratch('data'), 'dynamodb');
    const killed = openWorkingCopy(lasting, root);
    writeFileSync(join(killed.workDir, DB_FILE), 'left by a killed run');
    rmSync(lasting, { recursive: true, force: true });
    const fresh = openWorkingCopy(lasting, root);
    expect(fresh.origin).toBe('empty');
    expect(existsSync(join(fresh.workDir, DB_FILE))).toBe(false);
  });

  it('does not save while a write transaction is open (its journal exists)', async () => {
    const root = scratch('shm');
    const lasting = join(scratch('data'), 'dynamodb');
    const copy = openWorkingCopy(lasting, root);
    writeFileSync(join(copy.workDir, DB_FILE), 'half written');
    writeFileSync(join(copy.workDir, `${DB_FILE}-journal`), 'open transaction');
    expect(await copy.save()).toBe(false);
    expect(existsSync(join(lasting, DB_FILE))).toBe(false);
    expect(existsSync(join(lasting, `${DB_FILE}.tmp`))).toBe(false);
  });
});

describe('saving on change', () => {
  it("saves after the service's client writes, and not after reads alone", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const watched = client(inject('dynamoEndpoint'));
    const save = vi.fn(async () => true);
    const saver = saveOnChange({ client: watched, copy: { save }, intervalMs: 1000, log: () => undefined });
    // What the seed wrote before the watch began is saved by the first tick.
    vi.advanceTimersByTime(1000);
    expect(save).toHaveBeenCalledTimes(1);
    await watched.send(new ListTablesCommand({}));
    vi.advanceTimersByTime(1000);
    expect(save).toHaveBeenCalledTimes(1);
    await watched.send(new CreateTableCommand(tableDefinition(`save-on-change-${Date.now()}`)));
    vi.advanceTimersByTime(1000);
    expect(save).toHaveBeenCalledTimes(2);
    await saver.stop();
    watched.destroy();
  });
});

describe('the local stack’s DynamoDB Local', () => {
  it('keeps what was written across a stop and a start on the same data folder', { timeout: 120_000 }, async () => {
    const dynamoDir = join(scratch('data'), 'dynamodb');
    const first = await startEmulators({ dynamoDir });
    const table = tableDefinition('restart-test');
    try {
      const c = client(first.dynamoEndpoint);
      await c.send(new CreateTableCommand(table));
      await c.send(new PutItemCommand({ TableName: 'restart-test', Item: { pk: { S: 'restart-item' }, sk: { S: 'kept' }, name: { S: 'Ada' } } }));
      c.destroy();
    } finally {
      await first.stop();
    }
    expect(existsSync(join(dynamoDir, DB_FILE))).toBe(true);
    const second = await startEmulators({ dynamoDir });
    try {
      expect(second.dynamoCopy?.origin).toBe('lasting copy');
      const c = client(second.dynamoEndpoint);
      const got = await c.send(new GetItemCommand({ TableName: 'restart-test', Key: { pk: { S: 'restart-item' }, sk: { S: 'kept' } } }));
      expect(got.Item?.name).toEqual({ S: 'Ada' });
      c.destroy();
    } finally {
      await second.stop();
    }
  });
});

/**
 * The DynamoDB document client mocked for the repository request tests (no
 * emulator): restored after the file, reset before each test and given the
 * file's default answers, with `sent` reading back the one request of a kind
 * a test made (on the service's table).
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, expect } from 'vitest';
import { tableName } from '#shared/adapters/db/table.ts';

const mockDocumentClient = () => mockClient(DynamoDBDocumentClient);
export type DocumentClientMock = ReturnType<typeof mockDocumentClient>;

/** Mocks the client for the file; `defaults` sets the answers every test starts from. */
export function useMockedDocumentClient(defaults: (db: DocumentClientMock) => void) {
  const db = mockDocumentClient();
  afterAll(() => db.restore());
  beforeEach(() => {
    db.reset();
    defaults(db);
  });

  /** The input of the one request of this kind the test sent, checked to name the service's table. */
  function sent<T extends object>(command: new (input: T) => { input: T }): T {
    const calls = db.commandCalls(command as never);
    expect(calls).toHaveLength(1);
    const input = calls[0]!.args[0].input as T & { TableName?: string };
    expect(input.TableName).toBe(tableName());
    return input;
  }

  return { db, sent };
}

/** What DynamoDB throws when a request's condition does not hold. */
export const conditionFailed = () => new ConditionalCheckFailedException({ message: 'failed', $metadata: {} });

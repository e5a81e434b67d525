/**
 * The requests of the service's single table: the one place a request names
 * the table. Each function takes the document client's input without its
 * TableName (and a transaction its items without theirs), adds it, sends the
 * command and returns the client's answer unchanged, so conditions,
 * ReturnValues, consistent reads and the errors a caller catches are exactly
 * the SDK's. Import it as a namespace (`import * as table from
 * './table-client.ts'`): a function bundle keeps only the commands it calls.
 *
 * Thin on purpose rather than ElectroDB or DynamoDB-Toolbox: the decision,
 * with its measurements, is in docs/architecture.md ("Repositories").
 * test/unit/shared/adapters/db/table-boilerplate.test.ts fails when a
 * `TableName:` appears elsewhere.
 */
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
  type BatchGetCommandInput,
  type BatchWriteCommandInput,
  type DeleteCommandInput,
  type GetCommandInput,
  type PutCommandInput,
  type QueryCommandInput,
  type ScanCommandInput,
  type TransactWriteCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { dynamo } from '#shared/platform/aws-clients.ts';
import { tableName } from './table.ts';

/** A request's input without the table, which this module adds. */
export type OnTable<T> = Omit<T, 'TableName'>;

const onTable = <T extends object>(input: T): T & { TableName: string } => ({ TableName: tableName(), ...input });

export const getItem = (input: OnTable<GetCommandInput>) => dynamo().send(new GetCommand(onTable(input)));
export const putItem = (input: OnTable<PutCommandInput>) => dynamo().send(new PutCommand(onTable(input)));
export const updateItem = (input: OnTable<UpdateCommandInput>) => dynamo().send(new UpdateCommand(onTable(input)));
export const deleteItem = (input: OnTable<DeleteCommandInput>) => dynamo().send(new DeleteCommand(onTable(input)));
export const query = (input: OnTable<QueryCommandInput>) => dynamo().send(new QueryCommand(onTable(input)));
/** Admin backfills only (docs/data-model.md B12a): every request path is a GetItem, Query or BatchGet. */
export const scan = (input: OnTable<ScanCommandInput>) => dynamo().send(new ScanCommand(onTable(input)));

type SdkTransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
/** One item of a TransactWriteItems: a Put, Update, Delete or ConditionCheck on the table, without its TableName. */
export type TransactItem = { [Op in keyof SdkTransactItem]?: OnTable<NonNullable<SdkTransactItem[Op]>> };

/** A transaction item as DynamoDB takes it: each operation's input on the table. */
export const onTableItem = (item: TransactItem): SdkTransactItem =>
  Object.fromEntries(Object.entries(item).map(([op, input]) => [op, input === undefined ? input : onTable(input)])) as SdkTransactItem;

/** Writes the items in one transaction (all or none); `options` carries a ClientRequestToken or the like. */
export const transactWrite = (items: readonly TransactItem[], options: Omit<TransactWriteCommandInput, 'TransactItems'> = {}) =>
  dynamo().send(new TransactWriteCommand({ ...options, TransactItems: items.map(onTableItem) }));

type KeysAndAttributes = NonNullable<BatchGetCommandInput['RequestItems']>[string];
type Item = Record<string, unknown>;

/** One BatchGetItem on the table: the items found and the keys DynamoDB left unprocessed (dynamo.ts retries them). */
export async function batchGetOnce(request: KeysAndAttributes): Promise<{ items: Item[]; unprocessed: Item[] }> {
  const out = await dynamo().send(new BatchGetCommand({ RequestItems: { [tableName()]: request } }));
  return { items: (out.Responses?.[tableName()] ?? []) as Item[], unprocessed: (out.UnprocessedKeys?.[tableName()]?.Keys ?? []) as Item[] };
}

type WriteRequests = NonNullable<BatchWriteCommandInput['RequestItems']>[string];

/** One BatchWriteItem on the table: the requests DynamoDB left unprocessed (dynamo.ts retries them). */
export async function batchWriteOnce(requests: WriteRequests): Promise<WriteRequests> {
  const out = await dynamo().send(new BatchWriteCommand({ RequestItems: { [tableName()]: requests } }));
  return (out.UnprocessedItems?.[tableName()] ?? []) as WriteRequests;
}

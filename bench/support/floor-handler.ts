/**
 * The floor of the cold-start bench: the smallest useful function, a DynamoDB
 * DocumentClient made at init and a handler that reads one item. Bundled with
 * the same options as every function, it is the baseline each function's
 * import time is divided by.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));

export async function handler(event: { id?: string }): Promise<unknown> {
  const out = await client.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: { PK: event.id ?? '', SK: event.id ?? '' } }));
  return out.Item ?? null;
}

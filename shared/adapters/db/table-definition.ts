/**
 * The CreateTable input for the single table, built from ./table.ts. The
 * local stack and the tests create the table with it; the CDK stack declares
 * the same keys and indexes from the same constants.
 */
import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { INDEX, KEY } from './table.ts';

export function tableDefinition(tableName: string): CreateTableCommandInput {
  const indexes = Object.values(INDEX);
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST',
    KeySchema: [
      { AttributeName: KEY.pk, KeyType: 'HASH' },
      { AttributeName: KEY.sk, KeyType: 'RANGE' },
    ],
    AttributeDefinitions: [KEY.pk, KEY.sk, ...indexes.flatMap((i) => [i.pk, i.sk])].map((name) => ({
      AttributeName: name,
      AttributeType: 'S',
    })),
    GlobalSecondaryIndexes: indexes.map((i) => ({
      IndexName: i.name,
      KeySchema: [
        { AttributeName: i.pk, KeyType: 'HASH' },
        { AttributeName: i.sk, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    })),
  };
}

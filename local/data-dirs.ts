/** Where the local stack keeps its state under its data folder (default <repo>/.local). */
import { join } from 'node:path';

export interface LocalDataDirs {
  /** DynamoDB Local's files, or null when it runs in memory. */
  dynamodb: string | null;
  /** S3 snapshots, or null when none are taken. */
  s3: string | null;
  mail: string;
}

/** The folders for a data folder; `persistent` false keeps DynamoDB and S3 in memory. */
export function localDataDirs(dataDir: string, persistent: boolean): LocalDataDirs {
  return {
    dynamodb: persistent ? join(dataDir, 'dynamodb') : null,
    s3: persistent ? join(dataDir, 's3') : null,
    mail: join(dataDir, 'mail'),
  };
}

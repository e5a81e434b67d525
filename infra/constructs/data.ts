/**
 * The stateful resources: the single DynamoDB table (keys, indexes and TTL
 * from shared/adapters/db/table.ts), the S3 bucket for bill texts, and the bucket that
 * keeps access logs (the texts bucket's server access logs and, with the edge,
 * CloudFront's). Outside dev they are retained when the stack goes away, and
 * the table refuses deletion.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { INDEX, KEY, TTL_ATTRIBUTE } from '#shared/adapters/db/table.ts';
import { acknowledge } from './nag.ts';

/** How long access logs are kept: long enough to investigate an incident, short enough not to pile up. */
export const ACCESS_LOG_DAYS = { dev: 30, prod: 90 } as const;

export interface DataProps {
  stage: 'dev' | 'prod';
}

export class Data extends Construct {
  readonly table: Table;
  readonly bucket: Bucket;
  readonly accessLogs: Bucket;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const keep = props.stage !== 'dev';
    const removalPolicy = keep ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;

    this.table = new Table(this, 'Table', {
      partitionKey: { name: KEY.pk, type: AttributeType.STRING },
      sortKey: { name: KEY.sk, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      timeToLiveAttribute: TTL_ATTRIBUTE,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: keep,
      removalPolicy,
    });
    for (const index of Object.values(INDEX)) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.pk, type: AttributeType.STRING },
        sortKey: { name: index.sk, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }

    // No autoDeleteObjects in dev: its helper needs wildcard S3 actions; empty the buckets before destroying.
    this.accessLogs = new Bucket(this, 'AccessLogs', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      // CloudFront's standard logs are delivered with an ACL grant, so ACLs stay enabled (owner preferred).
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      enforceSSL: true,
      lifecycleRules: [{ expiration: Duration.days(ACCESS_LOG_DAYS[props.stage]) }],
      removalPolicy,
    });
    acknowledge(this.accessLogs, 'AwsSolutions-S1', 'This is the access-log bucket; logging it into itself would log its own log deliveries');

    this.bucket = new Bucket(this, 'Texts', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      versioned: false,
      serverAccessLogsBucket: this.accessLogs,
      serverAccessLogsPrefix: 'texts/',
      // The bulk Bill Status import's staged zips (shared/adapters/providers/govinfo-bulk.client.ts) are read within the hour.
      lifecycleRules: [{ prefix: 'staging/', expiration: Duration.days(7) }],
      removalPolicy,
    });
  }
}

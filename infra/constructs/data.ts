/**
 * The stateful resources: the single DynamoDB table (keys, indexes and TTL
 * from shared/db/table.ts) and the S3 bucket for bill texts. Outside dev both
 * are retained when the stack goes away, and the table refuses deletion.
 */
import { RemovalPolicy } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { INDEX, KEY, TTL_ATTRIBUTE } from '#shared/db/table.ts';

export interface DataProps {
  stage: 'dev' | 'prod';
}

export class Data extends Construct {
  readonly table: Table;
  readonly bucket: Bucket;

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

    // No autoDeleteObjects in dev: its helper needs wildcard S3 actions; empty the bucket before destroying.
    this.bucket = new Bucket(this, 'Texts', {
      encryption: BucketEncryption.S3_MANAGED,
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      enforceSSL: true,
      versioned: false,
      removalPolicy,
    });
  }
}

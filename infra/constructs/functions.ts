/**
 * One Lambda function per entry of the function catalog, bundled locally with
 * esbuild (infra/bundling.ts; never Docker) for nodejs22.x on arm64, each
 * with its own log group and its own role (which may write that log group and
 * nothing else by default), X-Ray tracing active, its resources wired through
 * connect(), each worker subscribed to its queue with the queue table's batch
 * settings, and each job function's failed asynchronous invocations sent to
 * the job dead-letter queue.
 */
import path from 'node:path';
import { Duration, RemovalPolicy, Size } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { QueueName } from '#shared/adapters/messaging/messages.ts';
import { needsOf } from '../access-table.ts';
import { lambdaCode, lambdaHandler } from '../bundling.ts';
import { PROJECT_ROOT, assertEntriesExist, type FunctionSpec } from '../function-catalog.ts';
import { connect, type Resources } from './connect.ts';
import { acknowledge } from './nag.ts';

export interface FunctionsProps {
  specs: readonly FunctionSpec[];
  stage: 'dev' | 'prod';
  resources: Resources;
  /** Environment every function gets (STAGE, CORS_ORIGINS, operator extras). */
  environment: Record<string, string>;
  projectRoot?: string;
  /** Where job functions' asynchronous invocations go after Lambda's retries fail (EventBridge and the scheduler invoke them asynchronously). */
  jobDeadLetterQueue?: IQueue;
}

export interface BuiltFunction {
  spec: FunctionSpec;
  fn: NodejsFunction;
}

export class Functions extends Construct {
  readonly all: readonly BuiltFunction[];

  constructor(scope: Construct, id: string, props: FunctionsProps) {
    super(scope, id);
    const root = props.projectRoot ?? PROJECT_ROOT;
    assertEntriesExist(props.specs, root);
    const prod = props.stage === 'prod';

    this.all = props.specs.map((spec) => {
      const logGroup = new LogGroup(this, `${spec.id}Logs`, {
        retention: prod ? RetentionDays.THREE_MONTHS : RetentionDays.ONE_MONTH,
        removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      });
      // The managed AWSLambdaBasicExecutionRole would let every function create and write any log group.
      const role = new Role(this, `${spec.id}Role`, {
        assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
        description: `${spec.key}: writes its own log group; its other grants come from infra/access-table.ts`,
      });
      logGroup.grantWrite(role);
      const fn = new NodejsFunction(this, spec.id, {
        code: lambdaCode(path.join(root, spec.entry), root),
        handler: lambdaHandler(spec.handler),
        description: spec.description,
        runtime: Runtime.NODEJS_22_X,
        architecture: Architecture.ARM_64,
        memorySize: spec.memoryMb,
        ephemeralStorageSize: spec.ephemeralMb === undefined ? undefined : Size.mebibytes(spec.ephemeralMb),
        timeout: Duration.seconds(spec.timeoutSeconds),
        logGroup,
        role,
        tracing: Tracing.ACTIVE,
        deadLetterQueue: spec.kind === 'job' ? props.jobDeadLetterQueue : undefined,
        environment: props.environment,
      });
      for (const need of needsOf(spec)) connect(fn, need, props.resources);
      if (spec.kind === 'worker') {
        const { queue } = props.resources.queues.get(spec.queue.name as QueueName);
        fn.addEventSource(
          new SqsEventSource(queue, {
            batchSize: spec.queue.batchSize,
            maxConcurrency: spec.queue.maxConcurrency,
            reportBatchItemFailures: true,
          }),
        );
      }
      acknowledgeByDesign(fn, role, spec);
      return { spec, fn };
    });
  }

  /** Sets one environment variable on every function (values known only after the API exists). */
  addEnvironment(key: string, value: string): void {
    for (const { fn } of this.all) fn.addEnvironment(key, value);
  }

  /** The functions of one kind. */
  ofKind<K extends FunctionSpec['kind']>(kind: K): Array<{ spec: Extract<FunctionSpec, { kind: K }>; fn: NodejsFunction }> {
    return this.all.filter((f): f is { spec: Extract<FunctionSpec, { kind: K }>; fn: NodejsFunction } => f.spec.kind === kind);
  }
}

/** The cdk-nag findings every function has by design (infra/constructs/nag.ts). */
function acknowledgeByDesign(fn: NodejsFunction, role: Role, spec: FunctionSpec): void {
  acknowledge(role, 'AwsSolutions-IAM5', 'X-Ray accepts no resource-level permissions: xray:PutTraceSegments and PutTelemetryRecords need "*"', [
    'Resource::*',
  ]);
  const runtime =
    'nodejs22.x is pinned on purpose: the bundles target node20 syntax (infra/bundling.ts) and are measured on it; moving to nodejs24.x is its own tested change';
  acknowledge(fn, 'AwsSolutions-L1', runtime);
  acknowledge(fn, 'Serverless-LambdaLatestVersion', runtime);
  if (spec.kind === 'api' || spec.kind === 'fallback') {
    acknowledge(
      fn,
      'Serverless-LambdaDLQ',
      'Invoked synchronously by API Gateway, which returns the error to the caller; a DLQ only applies to asynchronous invocations',
    );
  } else if (spec.kind === 'worker') {
    acknowledge(fn, 'Serverless-LambdaDLQ', "Invoked synchronously by its SQS event source; failed messages go to the queue's own DLQ (redrive policy)");
    for (const child of fn.node.children) {
      if (child.node.id.startsWith('SqsEventSource')) {
        acknowledge(
          child,
          'Serverless-LambdaEventSourceMappingDestination',
          "SQS event sources take no on-failure destination: failed messages go to the queue's DLQ after maxReceiveCount deliveries (queue table)",
        );
      }
    }
  }
}

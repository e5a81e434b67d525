/**
 * One Lambda function per entry of the function catalog, bundled locally with
 * esbuild (infra/bundling.ts; never Docker) for nodejs22.x on arm64, each
 * with its own log group, its resources wired through connect(), and each
 * worker subscribed to its queue with the queue table's batch settings.
 */
import path from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { QueueName } from '#shared/messaging/messages.ts';
import { needsOf } from '../access-table.ts';
import { lambdaCode, lambdaHandler } from '../bundling.ts';
import { PROJECT_ROOT, assertEntriesExist, type FunctionSpec } from '../function-catalog.ts';
import { connect, type Resources } from './connect.ts';

export interface FunctionsProps {
  specs: readonly FunctionSpec[];
  stage: 'dev' | 'prod';
  resources: Resources;
  /** Environment every function gets (STAGE, CORS_ORIGINS, TRUST_PROXY, operator extras). */
  environment: Record<string, string>;
  projectRoot?: string;
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
      const fn = new NodejsFunction(this, spec.id, {
        code: lambdaCode(path.join(root, spec.entry), root),
        handler: lambdaHandler(spec.handler),
        description: spec.description,
        runtime: Runtime.NODEJS_22_X,
        architecture: Architecture.ARM_64,
        memorySize: spec.memoryMb,
        timeout: Duration.seconds(spec.timeoutSeconds),
        logGroup,
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

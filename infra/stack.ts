/**
 * The BillWatch stack: every resource generated from the route, job and
 * queue tables (and the table definition), composed from the constructs in
 * ./constructs. Nothing here names a route, a job or a queue by hand.
 */
import { join } from 'node:path';
import { CfnOutput, Stack, type StackProps, Annotations } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { ROUTES } from '#shared/edges/http/routes/index.ts';
import { JOBS, jobByName } from '#shared/edges/jobs/job-table.ts';
import { QUEUES } from '#shared/edges/queues/queue-table.ts';
import type { QueueName } from '#shared/adapters/messaging/messages.ts';
import { queueUrlEnv } from '#shared/adapters/messaging/send.ts';
import { PROJECT_ROOT, functionSpecs } from './function-catalog.ts';
import type { StackSettings } from './settings.ts';
import { Alarms } from './constructs/alarms.ts';
import { PipelineDashboard } from './constructs/dashboard.ts';
import { Data } from './constructs/data.ts';
import { DeployMigrations } from './constructs/deploy-migrations.ts';
import { Edge } from './constructs/edge.ts';
import { EmailReceipts } from './constructs/email-receipts.ts';
import { Functions } from './constructs/functions.ts';
import { Api } from './constructs/http-api.ts';
import { JobBus, JobTriggers } from './constructs/job-triggers.ts';
import { Queues } from './constructs/queues.ts';
import { RateLimitWebAcl } from './constructs/rate-limit-web-acl.ts';
import { SecretBundle } from './constructs/secret-bundle.ts';
import { WebApp } from './constructs/web-app.ts';

/** The job the stack runs after every successful deploy. */
const MIGRATIONS_JOB = 'run_migrations';
/** CLOUDFRONT-scope WebACLs exist only in this region. */
export const EDGE_WAF_REGION = 'us-east-1';

export interface BillWatchStackProps extends StackProps {
  settings: StackSettings;
  /** Root holding functions/ and package-lock.json (default: this repository). */
  projectRoot?: string;
  /** The web app's build, deployed with the edge (default <projectRoot>/clients/web/dist). */
  webDistDir?: string;
}

/** The paths the proxy rate limit guards: the routes with the login and register application limits. */
export const authRateLimitedPaths = (): string[] => ROUTES.filter((r) => r.rateLimit === 'login' || r.rateLimit === 'register').map((r) => r.path);

export class BillWatchStack extends Stack {
  readonly data: Data;
  readonly queues: Queues;
  readonly functions: Functions;
  readonly api: Api;
  readonly edge: Edge | undefined;
  readonly web: WebApp | undefined;
  readonly alarms: Alarms;
  readonly dashboard: PipelineDashboard;

  constructor(scope: Construct, id: string, props: BillWatchStackProps) {
    const s = props.settings;
    super(scope, id, { ...props, env: { account: s.account, region: s.region } });

    const data = (this.data = new Data(this, 'Data', { stage: s.stage }));
    const secrets = new SecretBundle(this, 'Secrets', { stage: s.stage });
    const queues = (this.queues = new Queues(this, 'Queues', { queues: QUEUES }));
    const jobBus = new JobBus(this, 'JobBus');

    // With SES as the way out, what SES accepted is recorded, so a resend after a crash can tell (docs/observability.md, "What each step guarantees").
    const receipts = s.sesIdentity
      ? new EmailReceipts(this, 'EmailReceipts', { queue: queues.get('notification-dispatch').queue, deadLetterQueue: jobBus.deadLetterQueue })
      : undefined;
    // The web app is served by the edge's distribution, so it is deployed with the edge.
    const web = (this.web = s.edge
      ? new WebApp(this, 'Web', {
          stage: s.stage,
          distDir: props.webDistDir ?? join(props.projectRoot ?? PROJECT_ROOT, 'clients', 'web', 'dist'),
          logBucket: data.accessLogs,
        })
      : undefined);
    const functions = (this.functions = new Functions(this, 'Functions', {
      specs: functionSpecs(),
      stage: s.stage,
      projectRoot: props.projectRoot,
      resources: {
        table: data.table,
        bucket: data.bucket,
        queues,
        bus: jobBus.bus,
        secret: secrets.secret,
        emailIdentity: s.sesIdentity,
        emailConfigurationSet: receipts && { name: receipts.configurationSet.configurationSetName, arn: receipts.configurationSetArn },
        webBucket: web?.bucket,
      },
      environment: {
        ...s.functionEnv,
        STAGE: s.stage,
        CORS_ORIGINS: s.corsOrigins.join(','),
      },
      jobDeadLetterQueue: jobBus.deadLetterQueue,
    }));
    if (!s.sesIdentity && !s.functionEnv.SMTP_HOST) {
      Annotations.of(this).addWarningV2(
        'billwatch:email-without-sender',
        'Email has no way out: no sesIdentity (-c sesIdentity=example.org scopes ses:SendEmail to it) and no SMTP_HOST in functionEnv; functions are granted no SES permission (docs/deploy.md, "Context")',
      );
    }
    const fnOf = (key: string) => {
      const found = functions.all.find((f) => f.spec.key === key);
      if (!found) throw new Error(`No function ${key} in the function catalog`);
      return found.fn;
    };

    const api = (this.api = new Api(this, 'Http', {
      routes: ROUTES,
      groupFunction: (group) => fnOf(`api:${group}`),
      fallback: fnOf('api:$default'),
      corsOrigins: s.corsOrigins,
      stage: s.stage,
    }));

    new JobTriggers(this, 'JobTriggers', {
      jobs: JOBS,
      bus: jobBus.bus,
      deadLetterQueue: jobBus.deadLetterQueue,
      groupFunction: (group) => fnOf(`job:${group}`),
      scheduleGroupName: `billwatch-${s.stage}`,
    });

    let edge: Edge | undefined;
    if (s.edge) {
      let webAclArn = s.webAclArn;
      if (!webAclArn && s.region === EDGE_WAF_REGION) {
        webAclArn = new RateLimitWebAcl(this, 'EdgeWaf', { paths: authRateLimitedPaths() }).arn;
      } else if (!webAclArn) {
        Annotations.of(this).addWarningV2(
          'billwatch:edge-without-waf',
          `The edge distribution has no WAF: deploy the ${id}-waf stack in ${EDGE_WAF_REGION} and pass its WebAclArn output as -c webAclArn=… (docs/deploy.md, "Deploy")`,
        );
      }
      edge = new Edge(this, 'Edge', {
        api: api.api,
        webAclArn,
        logBucket: data.accessLogs,
        bulkBucket: data.bucket,
        web,
        authPaths: authRateLimitedPaths(),
        stage: s.stage,
      });
    }
    this.edge = edge;
    // Only the HTTP-facing functions read a client IP or can be called from outside.
    for (const { fn } of [...functions.ofKind('api'), ...functions.ofKind('fallback')]) {
      if (edge) {
        // CloudFront-Viewer-Address is trusted only together with the origin secret (shared/edges/http/origin-guard.ts).
        fn.addEnvironment('TRUST_PROXY', 'cloudfront');
        fn.addEnvironment('ORIGIN_SECRET_ARN', edge.originSecret.secretArn);
        edge.originSecret.grantRead(fn);
      } else {
        fn.addEnvironment('TRUST_PROXY', '0');
      }
    }
    functions.addEnvironment('PUBLIC_URL', s.publicUrl ?? edge?.url ?? api.url);

    const migrationsJob = jobByName(MIGRATIONS_JOB);
    if (migrationsJob) {
      new DeployMigrations(this, 'DeployMigrations', {
        fn: fnOf(`job:${migrationsJob.group}`),
        jobName: migrationsJob.name,
        deadLetterQueue: jobBus.deadLetterQueue,
      });
    }

    const monitored = {
      stage: s.stage,
      api: api.api,
      queues: [...queues.pairs.values()].map((p) => ({ name: p.def.name, queue: p.queue, dlq: p.dlq })),
      jobDeadLetterQueue: jobBus.deadLetterQueue,
      functions: functions.all,
      jobs: JOBS,
      // The `service` dimension of the functions' metrics (shared/platform/metrics.ts).
      serviceName: s.functionEnv.SERVICE_NAME ?? 'billwatch',
    };
    const alarms = (this.alarms = new Alarms(this, 'Alarms', { ...monitored, alarmEmail: s.alarmEmail }));
    this.dashboard = new PipelineDashboard(this, 'Dashboard', { ...monitored, alarms: alarms.all });

    new CfnOutput(this, 'TableName', { value: data.table.tableName });
    new CfnOutput(this, 'BucketName', { value: data.bucket.bucketName });
    new CfnOutput(this, 'EventBusName', { value: jobBus.bus.eventBusName });
    new CfnOutput(this, 'SecretArn', { value: secrets.secret.secretArn, description: 'Fill in the provider keys here' });
    for (const [name, pair] of queues.pairs) {
      const id = queueUrlEnv(name as QueueName).replace(/_/g, '');
      new CfnOutput(this, id, { value: pair.queue.queueUrl, description: `${name} queue` });
      // The DLQ's ARN is what `aws sqs start-message-move-task` redrives from (docs/observability.md, "Alarms").
      new CfnOutput(this, `${id}DlqArn`, { value: pair.dlq.queueArn, description: `${name} dead-letter queue` });
    }
  }
}

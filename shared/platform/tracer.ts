/**
 * X-Ray tracing with the Powertools Tracer, for every function. Each wrapper
 * (API, job, worker) runs its invocation in `traced()`: a `## <name>`
 * subsegment under the segment Lambda opens (tracing is active on every
 * function, infra/constructs/functions.ts), annotated with the cold start,
 * the service, the correlation id and what the wrapper adds (route, job,
 * queue), with the error as metadata when it throws. Every AWS SDK client is
 * passed through `traceClient()` where it is made (aws-clients.ts and the
 * lazily loaded clients), so each DynamoDB, SQS, S3, SES, EventBridge and
 * Secrets Manager call is a subsegment; the Tracer also records outgoing
 * HTTP(S) and fetch calls (the providers).
 *
 * The Tracer is made on first use, like the clients: its module (and the
 * X-Ray SDK under it) is part of every bundle and read at cold start, but
 * making it patches http, https and fetch, which only an invocation needs.
 * Outside Lambda (tests, the local stack, `sam local`) Powertools disables
 * tracing and every call here is a no-op; POWERTOOLS_TRACE_ENABLED=false
 * turns it off in Lambda.
 */
import { Tracer } from '@aws-lambda-powertools/tracer';
import { currentCorrelationId } from './correlation.ts';

let instance: Tracer | undefined;

/** The one Tracer of the process, made on first use. */
export function tracer(): Tracer {
  instance ??= new Tracer({ serviceName: process.env.SERVICE_NAME ?? 'billwatch' });
  return instance;
}

/** Annotation values X-Ray indexes (strings, numbers, booleans), searchable in the console. */
export type Annotations = Record<string, string | number | boolean | undefined>;

/**
 * Runs one invocation in a `## name` subsegment with its annotations; an
 * error is recorded on the subsegment and rethrown. Without tracing, `run()` alone.
 */
export async function traced<T>(name: string, annotations: Annotations, run: () => Promise<T>): Promise<T> {
  const t = tracer();
  if (!t.isTracingEnabled()) return run();
  const parent = t.getSegment();
  if (!parent) return run();
  const subsegment = parent.addNewSubsegment(`## ${name}`);
  t.setSegment(subsegment);
  try {
    t.annotateColdStart();
    t.addServiceNameAnnotation();
    const correlationId = currentCorrelationId();
    if (correlationId) t.putAnnotation('correlation_id', correlationId);
    for (const [key, value] of Object.entries(annotations)) if (value !== undefined) t.putAnnotation(key, value);
    return await run();
  } catch (err) {
    t.addErrorAsMetadata(err as Error);
    throw err;
  } finally {
    subsegment.close();
    t.setSegment(parent);
  }
}

/** An AWS SDK v3 client whose calls are X-Ray subsegments (the client itself when tracing is off). */
export function traceClient<C>(client: C): C {
  const t = tracer();
  return t.isTracingEnabled() ? t.captureAWSv3Client(client) : client;
}

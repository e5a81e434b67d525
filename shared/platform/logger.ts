/**
 * One structured JSON logger (Powertools) for the whole service. Each wrapper
 * (API, job, worker) adds the Lambda context per invocation (request id, cold
 * start, function name), and every line carries the current correlation id
 * (./correlation.ts) as `correlation_id`. Tests log errors only.
 *
 * The Powertools Logger is made on the first line logged, not at cold start:
 * making it opens stdout and stderr, and most API invocations log nothing
 * (they log errors only); the context given before that is applied then.
 */
import { LogFormatter, LogItem, Logger } from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';
import type { Context } from 'aws-lambda';
import * as z from 'zod/mini';
import { currentCorrelationId } from './correlation.ts';

// zod/mini, like the config: cheap to build at every cold start, where the chained schemas are built on first use.
const LogLevel = z.catch(z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT', 'CRITICAL']), 'INFO');

let instance: Logger | undefined;
function powertools(): Logger {
  const level = LogLevel.parse((process.env.LOG_LEVEL ?? (process.env.STAGE === 'test' ? 'ERROR' : 'INFO')).toUpperCase());
  if (!instance) {
    instance = new Logger({ serviceName: process.env.SERVICE_NAME ?? 'billwatch', logLevel: level, logFormatter: new CorrelatedLogFormatter() });
    if (lambdaContext) instance.addContext(lambdaContext);
  }
  return instance;
}

/**
 * Powertools' standard fields plus `correlation_id`, read from the async
 * context at the moment of logging: a persistent key would be shared by the
 * records a worker processes concurrently in one invocation.
 */
class CorrelatedLogFormatter extends LogFormatter {
  public formatAttributes(attributes: UnformattedAttributes, additional: LogAttributes): LogItem {
    const correlationId = currentCorrelationId();
    return new LogItem({
      attributes: {
        level: attributes.logLevel,
        message: attributes.message,
        timestamp: this.formatTimestamp(attributes.timestamp),
        service: attributes.serviceName,
        cold_start: attributes.lambdaContext?.coldStart,
        function_arn: attributes.lambdaContext?.invokedFunctionArn,
        function_memory_size: attributes.lambdaContext?.memoryLimitInMB,
        function_name: attributes.lambdaContext?.functionName,
        function_request_id: attributes.lambdaContext?.awsRequestId,
        sampling_rate: attributes.sampleRateValue,
        xray_trace_id: attributes.xRayTraceId,
        ...(correlationId ? { correlation_id: correlationId } : {}),
      },
    }).addAttributes(additional);
  }
}

type Message = Parameters<Logger['info']>[0];
type Extra = Record<string, unknown>;

/** The invocation's Lambda context, kept until the logger exists. */
let lambdaContext: Context | undefined;

export const logger = {
  debug: (message: Message, extra: Extra = {}): void => powertools().debug(message, extra),
  info: (message: Message, extra: Extra = {}): void => powertools().info(message, extra),
  warn: (message: Message, extra: Extra = {}): void => powertools().warn(message, extra),
  error: (message: Message, extra: Extra = {}): void => powertools().error(message, extra),
  /** The Lambda context of the current invocation (request id, cold start, function name) on every line. */
  addContext: (context: Context): void => {
    lambdaContext = context;
    instance?.addContext(context);
  },
};

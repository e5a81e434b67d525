/**
 * One structured JSON logger (Powertools) for the whole service. Each wrapper
 * (API, job, worker) runs its invocation under its Lambda context
 * (`logger.withContext`: request id, cold start, function name), and every
 * line carries the current correlation id (./correlation.ts) as
 * `correlation_id`. Tests log errors only.
 *
 * The Powertools Logger is made on the first line logged, not at cold start:
 * making it opens stdout and stderr, and most API invocations log nothing
 * (they log errors only); each line reads its invocation's context as it is written.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
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
    const lambda = invocation.getStore();
    return new LogItem({
      attributes: {
        level: attributes.logLevel,
        message: attributes.message,
        timestamp: this.formatTimestamp(attributes.timestamp),
        service: attributes.serviceName,
        cold_start: lambda?.coldStart,
        function_arn: lambda?.context.invokedFunctionArn,
        function_memory_size: lambda?.context.memoryLimitInMB,
        function_name: lambda?.context.functionName,
        function_request_id: lambda?.context.awsRequestId,
        sampling_rate: attributes.sampleRateValue,
        xray_trace_id: attributes.xRayTraceId,
        ...(correlationId ? { correlation_id: correlationId } : {}),
      },
    }).addAttributes(additional);
  }
}

type Message = Parameters<Logger['info']>[0];
type Extra = Record<string, unknown>;

/**
 * The Lambda context of the invocation in progress, in AsyncLocalStorage
 * rather than on the logger: the local stack runs every function in one
 * process, where a context set on the one logger named whichever function
 * was invoked last on the lines of all the others.
 */
const invocation = new AsyncLocalStorage<{ context: Context; coldStart: boolean }>();
/** Functions invoked in this process so far: the first invocation of each is its cold start. */
const started = new Set<string>();

export const logger = {
  debug: (message: Message, extra: Extra = {}): void => powertools().debug(message, extra),
  info: (message: Message, extra: Extra = {}): void => powertools().info(message, extra),
  warn: (message: Message, extra: Extra = {}): void => powertools().warn(message, extra),
  error: (message: Message, extra: Extra = {}): void => powertools().error(message, extra),
  /** Changes the level from now on (the local stack's quiet start: local/quiet-start.ts); an unknown name is INFO. */
  setLevel: (level: string): void => powertools().setLogLevel(LogLevel.parse(level.toUpperCase())),
  /** Runs one invocation with its Lambda context (request id, cold start, function name) on every line it logs. */
  withContext: <T>(context: Context | undefined, work: () => Promise<T>): Promise<T> => {
    if (!context) return work();
    const coldStart = !started.has(context.functionName);
    started.add(context.functionName);
    return invocation.run({ context, coldStart }, work);
  },
};

/**
 * One structured JSON logger (Powertools) for the whole service, with the
 * request or message id added by each wrapper. Tests log errors only.
 *
 * The Powertools Logger is made on the first line logged, not at cold start:
 * making it opens stdout and stderr, and most API invocations log nothing
 * (they log errors only).
 */
import { Logger } from '@aws-lambda-powertools/logger';
import * as z from 'zod';

const LogLevel = z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT', 'CRITICAL']);

let instance: Logger | undefined;
function powertools(): Logger {
  const level = LogLevel.catch('INFO').parse((process.env.LOG_LEVEL ?? (process.env.STAGE === 'test' ? 'ERROR' : 'INFO')).toUpperCase());
  return (instance ??= new Logger({ serviceName: process.env.SERVICE_NAME ?? 'billwatch', logLevel: level }));
}

type Message = Parameters<Logger['info']>[0];
type Extra = Record<string, unknown>;

export const logger = {
  debug: (message: Message, extra: Extra = {}): void => powertools().debug(message, extra),
  info: (message: Message, extra: Extra = {}): void => powertools().info(message, extra),
  warn: (message: Message, extra: Extra = {}): void => powertools().warn(message, extra),
  error: (message: Message, extra: Extra = {}): void => powertools().error(message, extra),
};

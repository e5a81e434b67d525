/**
 * One structured JSON logger (Powertools) for the whole service, with the
 * request or message id added by each wrapper. Tests log errors only.
 */
import { Logger } from '@aws-lambda-powertools/logger';
import { z } from 'zod';

const LogLevel = z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT', 'CRITICAL']);

const level = LogLevel.catch('INFO').parse((process.env.LOG_LEVEL ?? (process.env.STAGE === 'test' ? 'ERROR' : 'INFO')).toUpperCase());

export const logger = new Logger({ serviceName: process.env.SERVICE_NAME ?? 'billwatch', logLevel: level });

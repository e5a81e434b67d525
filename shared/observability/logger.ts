/**
 * One structured JSON logger (Powertools) for the whole service. Locally and in
 * tests it is quiet below warnings unless LOG_LEVEL says otherwise.
 */
import { Logger } from '@aws-lambda-powertools/logger';

export const logger = new Logger({
  serviceName: process.env.SERVICE_NAME ?? 'billwatch',
  logLevel: (process.env.LOG_LEVEL ?? (process.env.STAGE === 'test' ? 'ERROR' : 'INFO')) as 'INFO',
});

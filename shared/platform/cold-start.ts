/**
 * Imported for its side effect by every Lambda wrapper (API, job, worker):
 * the top-level await runs during the function's init phase, so a missing or
 * placeholder secret is a cold start error, and no request is ever served
 * with a bad configuration.
 */
import { bootstrap } from './bootstrap.ts';

await bootstrap();

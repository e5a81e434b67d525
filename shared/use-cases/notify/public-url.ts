/** The service's public URL, the root of every link a notification carries. */
import { config } from '#shared/platform/config.ts';

/** PUBLIC_URL without a trailing slash. */
export const publicUrl = () => config().PUBLIC_URL.replace(/\/+$/, '');

/** Routes of the bills function group (functions/api/bills.ts implements them). */
import type { RouteDef } from '../route.ts';

export const BILLS_ROUTES: RouteDef[] = [];

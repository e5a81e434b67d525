/** Routes of the members function group (functions/api/members.ts implements them). */
import type { RouteDef } from '../route.ts';

export const MEMBERS_ROUTES: RouteDef[] = [];

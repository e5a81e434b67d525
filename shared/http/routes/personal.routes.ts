/** Routes of the personal function group (functions/api/personal.ts implements them). */
import type { RouteDef } from '../route.ts';

export const PERSONAL_ROUTES: RouteDef[] = [];

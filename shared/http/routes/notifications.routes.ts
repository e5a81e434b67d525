/** Routes of the notifications function group (functions/api/notifications.ts implements them). */
import type { RouteDef } from '../route.ts';

export const NOTIFICATIONS_ROUTES: RouteDef[] = [];

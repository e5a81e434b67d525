/**
 * The route table: every HTTP route of the service, one file per function
 * group. The CDK HTTP API, the local API server and /api/openapi.json are all
 * generated from this list.
 */
import type { RouteDef } from '#shared/edges/http/route.ts';
import { AUTH_ROUTES } from './auth.routes.ts';
import { BILLS_ROUTES } from './bills.routes.ts';
import { ADMIN_ROUTES } from './admin.routes.ts';
import { LLM_ROUTES } from './llm.routes.ts';
import { MEMBERS_ROUTES } from './members.routes.ts';
import { NEWS_ROUTES } from './news.routes.ts';
import { NOTIFICATIONS_ROUTES } from './notifications.routes.ts';
import { PERSONAL_ROUTES } from './personal.routes.ts';
import { SYSTEM_ROUTES } from './system.routes.ts';
import { TRENDS_ROUTES } from './trends.routes.ts';
import { MCP_ROUTES } from './mcp.routes.ts';
import { OPEN_DATA_ROUTES } from './open-data.routes.ts';
import { SEARCH_ROUTES } from './search.routes.ts';
import { COMMITTEES_ROUTES } from './committees.routes.ts';

export const ROUTES: readonly RouteDef[] = [
  ...SYSTEM_ROUTES,
  ...AUTH_ROUTES,
  ...ADMIN_ROUTES,
  ...BILLS_ROUTES,
  ...MEMBERS_ROUTES,
  ...LLM_ROUTES,
  ...PERSONAL_ROUTES,
  ...NOTIFICATIONS_ROUTES,
  ...NEWS_ROUTES,
  ...TRENDS_ROUTES,
  ...MCP_ROUTES,
  ...OPEN_DATA_ROUTES,
  ...SEARCH_ROUTES,
  ...COMMITTEES_ROUTES,
];

/** Routes of the llm function group (functions/api/llm.ts implements them). */
import type { RouteDef } from '../route.ts';

export const LLM_ROUTES: RouteDef[] = [];

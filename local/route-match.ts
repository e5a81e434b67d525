/**
 * Picks the route of the route table a request belongs to, the way API
 * Gateway picks a route: the method must match, and a literal path segment
 * beats a {param} segment. No match means API Gateway's $default route.
 */
import { pathMatcher, routeKey, type RouteDef } from '#shared/edges/http/route.ts';

export interface RouteMatch {
  route: RouteDef;
  routeKey: string;
  pathParameters: Record<string, string>;
}

// Per segment, 1 for a literal and 0 for a {param}; compared left to right.
const specificity = (path: string): number[] => path.split('/').map((s) => (/^\{\w+\}$/.test(s) ? 0 : 1));

function moreSpecific(a: RouteDef, b: RouteDef): number {
  const sa = specificity(a.path);
  const sb = specificity(b.path);
  for (let i = 0; i < Math.max(sa.length, sb.length); i++) {
    const d = (sb[i] ?? 0) - (sa[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** Compiles the table once; the returned function finds the route for a method and path. */
export function routeMatcher(routes: readonly RouteDef[]): (method: string, path: string) => RouteMatch | null {
  const compiled = [...routes].sort(moreSpecific).map((route) => ({ route, match: pathMatcher(route.path) }));
  return (method, path) => {
    const upper = method.toUpperCase();
    for (const { route, match } of compiled) {
      if (route.method !== upper) continue;
      let params: Record<string, string> | null;
      try {
        params = match(path);
      } catch {
        // A malformed %-escape in a parameter of this route: API Gateway routes it here all the same, and the
        // handler answers 400 naming the parameter (shared/edges/http/route.ts).
        params = {};
      }
      if (params) return { route, routeKey: routeKey(route), pathParameters: params };
    }
    return null;
  };
}

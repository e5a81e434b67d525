/**
 * Where the admin console registers its pages (clients/web/src/pages/admin/**): every route listed here is mounted
 * under /admin inside the app's layout, and the Admin link in the navigation (shown to admins only) points at /admin.
 */
import type { RouteObject } from 'react-router';

export const adminRoutes: RouteObject[] = [];

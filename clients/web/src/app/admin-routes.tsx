/**
 * Where the admin console registers its pages (clients/web/src/pages/admin/**): every route listed here is mounted
 * under /admin inside the app's layout, and the Admin link in the navigation (shown to admins only) points at /admin.
 */
import { lazy } from 'react';
import type { RouteObject } from 'react-router';

const AdminPage = lazy(() => import('../pages/admin/AdminPage.tsx'));

export const adminRoutes: RouteObject[] = [{ index: true, Component: AdminPage }];

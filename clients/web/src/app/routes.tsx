/**
 * The route table: every page of the app with its path, each loaded on demand (route-level code splitting keeps
 * the home page's JavaScript small). Admin pages come from admin-routes.tsx; unknown paths get a real not-found page.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router';
import { adminRoutes } from './admin-routes.tsx';
import { Layout } from './Layout.tsx';

type PageModule = { default: ComponentType };
const page = (load: () => Promise<PageModule>): LazyExoticComponent<ComponentType> => lazy(load);

const pages = {
  home: page(() => import('../pages/HomePage.tsx')),
  signIn: page(() => import('../pages/SignInPage.tsx')),
  signUp: page(() => import('../pages/SignUpPage.tsx')),
  notFound: page(() => import('../pages/NotFoundPage.tsx')),
};

/** Path → page, in the order React Router matches them. */
export const PAGE_ROUTES: { path: string; Component: ComponentType }[] = [
  { path: '/', Component: pages.home },
  { path: '/dashboard', Component: pages.home },
  { path: '/signin', Component: pages.signIn },
  { path: '/signup', Component: pages.signUp },
];

export const routes: RouteObject[] = [
  {
    Component: Layout,
    children: [...PAGE_ROUTES, { path: '/admin', children: adminRoutes }, { path: '*', Component: pages.notFound }],
  },
];

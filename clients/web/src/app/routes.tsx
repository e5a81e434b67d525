/**
 * The route table: every page of the app with its path, each loaded on demand (route-level code splitting keeps
 * the home page's JavaScript small), and the first read of the pages people arrive on from outside (`handle`,
 * which the prefetch starts with the page's code). Admin pages come from admin-routes.tsx; unknown paths get a
 * real not-found page, and a page that fails an error page with a way on (PageError.tsx).
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router';
import { adminRoutes } from './admin-routes.tsx';
import { Layout } from './Layout.tsx';
import { AppError, PageError } from './PageError.tsx';
import { firstRead, type PageHandle } from './page-data.ts';
import { pageReads } from './page-reads.ts';

type PageModule = { default: ComponentType };
const page = (load: () => Promise<PageModule>): LazyExoticComponent<ComponentType> => lazy(load);

const pages = {
  home: page(() => import('../pages/HomePage.tsx')),
  bills: page(() => import('../pages/BillsPage.tsx')),
  bill: page(() => import('../pages/bill/BillPage.tsx')),
  member: page(() => import('../pages/member/MemberPage.tsx')),
  amendment: page(() => import('../pages/amendment/AmendmentPage.tsx')),
  representatives: page(() => import('../pages/RepresentativesPage.tsx')),
  search: page(() => import('../pages/SearchPage.tsx')),
  shareBrief: page(() => import('../pages/ShareBriefPage.tsx')),
  shareCollection: page(() => import('../pages/ShareCollectionPage.tsx')),
  signIn: page(() => import('../pages/SignInPage.tsx')),
  signUp: page(() => import('../pages/SignUpPage.tsx')),
  collections: page(() => import('../pages/CollectionsPage.tsx')),
  collection: page(() => import('../pages/CollectionPage.tsx')),
  notes: page(() => import('../pages/NotesPage.tsx')),
  account: page(() => import('../pages/AccountPage.tsx')),
  alignment: page(() => import('../pages/AlignmentPage.tsx')),
  notifications: page(() => import('../pages/notifications/NotificationsPage.tsx')),
  notificationSettings: page(() => import('../pages/notifications/NotificationSettingsPage.tsx')),
  week: page(() => import('../pages/schedule/WeekPage.tsx')),
  meeting: page(() => import('../pages/schedule/MeetingPage.tsx')),
  committees: page(() => import('../pages/committees/CommitteesPage.tsx')),
  committee: page(() => import('../pages/committees/CommitteePage.tsx')),
  forecastModel: page(() => import('../pages/forecast/ForecastModelPage.tsx')),
  notFound: page(() => import('../pages/NotFoundPage.tsx')),
};

/** Path → page (and its first read), in the order React Router matches them. */
export const PAGE_ROUTES: { path: string; Component: ComponentType; handle?: PageHandle }[] = [
  { path: '/', Component: pages.home, handle: firstRead(pageReads.dashboard) },
  { path: '/dashboard', Component: pages.home, handle: firstRead(pageReads.dashboard) },
  { path: '/bills', Component: pages.bills },
  { path: '/bills/:id', Component: pages.bill, handle: firstRead(pageReads.bill) },
  { path: '/members/:id', Component: pages.member, handle: firstRead(pageReads.member) },
  { path: '/amendments/:id', Component: pages.amendment, handle: firstRead(pageReads.amendment) },
  { path: '/representatives', Component: pages.representatives },
  { path: '/schedule', Component: pages.week },
  { path: '/meetings/:id', Component: pages.meeting, handle: firstRead(pageReads.meeting) },
  { path: '/committees', Component: pages.committees },
  { path: '/committees/:id', Component: pages.committee, handle: firstRead(pageReads.committee) },
  { path: '/search', Component: pages.search },
  { path: '/share/brief/:token', Component: pages.shareBrief, handle: firstRead(pageReads.sharedBrief) },
  { path: '/share/collection/:token', Component: pages.shareCollection, handle: firstRead(pageReads.sharedCollection) },
  { path: '/signin', Component: pages.signIn },
  { path: '/signup', Component: pages.signUp },
  { path: '/collections', Component: pages.collections },
  { path: '/collections/:id', Component: pages.collection },
  { path: '/notes', Component: pages.notes },
  { path: '/account', Component: pages.account },
  { path: '/alignment', Component: pages.alignment },
  { path: '/notifications', Component: pages.notifications },
  { path: '/notifications/settings', Component: pages.notificationSettings },
  { path: '/forecast/model', Component: pages.forecastModel, handle: firstRead(pageReads.forecastModel) },
];

export const routes: RouteObject[] = [
  {
    Component: Layout,
    ErrorBoundary: AppError,
    children: [
      {
        // A page that fails (its code, a request it needs, a bug) shows why inside the layout, never a blank screen.
        ErrorBoundary: PageError,
        children: [
          ...PAGE_ROUTES,
          // Until the admin console registers pages, /admin is an unknown path like any other.
          ...(adminRoutes.length ? [{ path: '/admin', children: adminRoutes }] : []),
          { path: '*', Component: pages.notFound },
        ],
      },
    ],
  },
];

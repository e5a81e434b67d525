/**
 * The frame of every page: skip link, header with the site navigation (personal links when signed in, Admin for
 * admins), the expired-session notice, the page itself (lazy, behind a loading placeholder) and the footer.
 */
import { Suspense, useLayoutEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { LoadingPlaceholder } from '../components/QueryState.tsx';
import { useSession } from '../session/session-context.tsx';
import { SignInPromptProvider } from '../session/sign-in-prompt.tsx';
import { markNavigation } from './navigation-focus.ts';

interface NavItem {
  to: string;
  label: string;
  end?: boolean;
}

const PUBLIC_NAV: NavItem[] = [
  { to: '/bills', label: 'Bills' },
  { to: '/schedule', label: 'This week in Congress' },
  { to: '/committees', label: 'Committees' },
  { to: '/representatives', label: 'Find my representatives' },
  { to: '/search', label: 'Search' },
];
const PERSONAL_NAV: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/collections', label: 'Collections' },
  { to: '/notes', label: 'Notes' },
  { to: '/alignment', label: 'Alignment' },
  { to: '/notifications', label: 'Notifications' },
  { to: '/account', label: 'Account' },
];

export function Layout() {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const first = useRef(true);
  // The phone menu: focus goes into it on open, Escape closes it, and focus returns to the Menu button.
  const openMenu = () => {
    setMenuOpen(true);
    requestAnimationFrame(() => closeButton.current?.focus());
  };
  const closeMenu = () => {
    setMenuOpen(false);
    menuButton.current?.focus();
  };
  // A layout effect, so the mark is set before the new page's heading runs its own (passive) effect, whether the
  // page's chunk was already loaded (same commit) or arrives later (a later commit).
  useLayoutEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    markNavigation();
    // A link with a hash jumps to its anchor; any other navigation starts at the top of the new page.
    if (!window.location.hash) window.scrollTo(0, 0);
  }, [location.pathname]);
  const items = [...PUBLIC_NAV, ...(session.signedIn ? PERSONAL_NAV : []), ...(session.isAdmin ? [{ to: '/admin', label: 'Admin' }] : [])];
  return (
    <SignInPromptProvider>
      <a className="usa-skipnav" href="#main-content">
        Skip to main content
      </a>
      <header className="usa-header usa-header--basic">
        <div className="usa-nav-container">
          <div className="usa-navbar">
            <div className="usa-logo">
              <em className="usa-logo__text">
                <Link to="/" title="BillWatch home">
                  BillWatch
                </Link>
              </em>
            </div>
            <button
              ref={menuButton}
              type="button"
              className="usa-menu-btn"
              aria-expanded={menuOpen}
              aria-controls="site-nav"
              onClick={() => (menuOpen ? closeMenu() : openMenu())}
            >
              Menu
            </button>
          </div>
          <nav
            id="site-nav"
            aria-label="Site"
            className={`usa-nav${menuOpen ? ' is-visible' : ''}`}
            onKeyDown={(e) => {
              if (menuOpen && e.key === 'Escape') closeMenu();
            }}
          >
            <button ref={closeButton} type="button" className="usa-nav__close" aria-label="Close the menu" onClick={closeMenu}>
              ×
            </button>
            <ul className="usa-nav__primary usa-accordion">
              {items.map((item) => (
                <li key={item.to} className="usa-nav__primary-item">
                  <NavLink to={item.to} className={({ isActive }) => `usa-nav-link${isActive ? ' usa-current' : ''}`} onClick={() => setMenuOpen(false)}>
                    <span>{item.label}</span>
                  </NavLink>
                </li>
              ))}
              {session.signedIn ? (
                <li className="usa-nav__primary-item">
                  <button
                    type="button"
                    className="usa-nav-link bw-nav-button"
                    onClick={() => {
                      setMenuOpen(false);
                      session.signOut();
                      navigate('/');
                    }}
                  >
                    <span>Sign out</span>
                    {session.user && <span className="usa-sr-only"> ({session.user.email})</span>}
                  </button>
                </li>
              ) : (
                <>
                  <li className="usa-nav__primary-item">
                    <NavLink to="/signin" className="usa-nav-link" onClick={() => setMenuOpen(false)}>
                      <span>Sign in</span>
                    </NavLink>
                  </li>
                  <li className="usa-nav__primary-item">
                    <NavLink to="/signup" className="usa-nav-link" onClick={() => setMenuOpen(false)}>
                      <span>Create an account</span>
                    </NavLink>
                  </li>
                </>
              )}
            </ul>
          </nav>
        </div>
      </header>
      {menuOpen && <div className="usa-overlay is-visible" aria-hidden="true" onClick={closeMenu} />}
      <main id="main-content" tabIndex={-1} className="bw-main grid-container">
        {session.expired && (
          <div className="usa-alert usa-alert--warning usa-alert--slim margin-top-2" role="alert">
            <div className="usa-alert__body">
              <p className="usa-alert__text">
                Your session has ended. <Link to={`/signin?next=${encodeURIComponent(location.pathname + location.search)}`}>Sign in again</Link> to see your
                follows and notes.
              </p>
            </div>
          </div>
        )}
        <Suspense fallback={<LoadingPlaceholder label="Loading the page…" lines={5} />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="usa-footer usa-footer--slim">
        <div className="usa-footer__primary-section">
          <div className="grid-container padding-2">
            <p className="margin-0">
              BillWatch is an independent, open-source tracker of US federal legislation, not a government site. Bill data comes from Congress.gov and GovInfo;
              votes from the House Clerk and the Senate; briefs are written by a language model and cite the bill text.{' '}
              <a href="/api/docs">API documentation</a>
            </p>
          </div>
        </div>
      </footer>
    </SignInPromptProvider>
  );
}

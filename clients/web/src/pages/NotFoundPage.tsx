// Any path the app does not know: says so, and offers the ways on.
import { Link, useLocation } from 'react-router';
import { PageHeading } from '../components/PageHeading.tsx';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <>
      <PageHeading>Page not found</PageHeading>
      <p className="usa-intro">
        There is no page at <code className="bw-wrap">{pathname}</code>. The link may be mistyped, or the page may have moved.
      </p>
      <ul className="usa-list">
        <li>
          <Link to="/">Go to the home page</Link>
        </li>
        <li>
          <Link to="/bills">Browse bills</Link>
        </li>
        <li>
          <Link to="/search">Search bills, members and topics</Link>
        </li>
      </ul>
    </>
  );
}

import { Link } from 'react-router-dom';

/** The 404 page for any unknown path (SPEC.md 2). */
export function NotFound() {
  return (
    <div className="page page-narrow not-found">
      <h1>Page Not Found</h1>
      <p className="muted">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="btn btn-primary">
        Go to Home
      </Link>
    </div>
  );
}

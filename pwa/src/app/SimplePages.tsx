import { Link } from 'react-router-dom';

/** Placeholder for a screen that is specified but not built yet: its title and 'Coming soon'. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <div className="page page-narrow">
      <h1>{title}</h1>
      <div className="card">
        <p className="muted">Coming soon. This part of the portal is being built.</p>
        <Link to="/" className="btn btn-outline">
          Back to Home
        </Link>
      </div>
    </div>
  );
}

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

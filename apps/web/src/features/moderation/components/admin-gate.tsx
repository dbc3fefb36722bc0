import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert, Spinner } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import { useAuthLevelQuery } from '@/lib/auth/get-auth-level.ts';

/** The moderation pages' frame: admins only (the server refuses everyone else's calls too), with their nav. */
export function AdminGate({ children }: { children: ReactNode }) {
  const { data: role, isLoading, isError } = useAuthLevelQuery();
  if (isLoading) return <Spinner label="Checking your access…" />;
  if (isError) return <Alert>Your access could not be checked. Please reload the page.</Alert>;
  if (role !== 'admin')
    return (
      <section className="narrow">
        <h1>Not available</h1>
        <p>This page is not available to your account.</p>
      </section>
    );
  return (
    <section className="admin-tools moderation">
      <nav aria-label="Moderation" className="moderation-nav">
        <Link to={paths.adminTools.href()}>Admin tools</Link>
        <Link to={paths.moderation.href()}>Moderation queue</Link>
        <Link to={paths.blocklist.href()}>Blocklist</Link>
        <Link to={paths.audit.href()}>Audit trail</Link>
      </nav>
      {children}
    </section>
  );
}

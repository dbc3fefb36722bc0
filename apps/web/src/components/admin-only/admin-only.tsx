import type { ReactNode } from 'react';
import { Alert, Spinner } from '@/components/ui/index.ts';
import { useAuthLevelQuery } from '@/lib/auth/get-auth-level.ts';

/** An admin page's content, shown to admins only; the server refuses everyone else's calls too. */
export function AdminOnly({ children }: { children: ReactNode }) {
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
  return children;
}

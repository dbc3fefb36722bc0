import { Navigate, Outlet } from 'react-router';
import { Spinner } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import { useCurrentUserQuery } from '@/lib/auth/get-current-user.ts';

/**
 * A layout route for private pages: shows a spinner while the current user loads, sends the visitor
 * to /menu when that fetch fails, and renders the page otherwise.
 */
export function RequireUser() {
  const { isLoading, isError, data } = useCurrentUserQuery();
  if (isLoading) return <Spinner label="Loading your account…" />;
  if (isError || !data) return <Navigate to={paths.menu.href()} replace />;
  return <Outlet />;
}

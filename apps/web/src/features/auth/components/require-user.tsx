import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { Spinner } from '@/components/ui/index.ts';
import { paths } from '@/config/paths.ts';
import { useCurrentUserQuery } from '@/lib/auth/get-current-user.ts';
import { rememberReturnPath, takeReturnPath } from '../lib/return-after-sign-in.ts';

/**
 * A layout route for private pages: shows a spinner while the current user loads, sends the visitor
 * to /menu with a prompt to sign in when that fetch fails (remembering the page, which the first
 * private page after sign-in returns to), and renders the page otherwise.
 */
export function RequireUser() {
  const { isLoading, isError, data } = useCurrentUserQuery();
  const location = useLocation();
  const navigate = useNavigate();
  const signedOut = isError || (!isLoading && !data);

  useEffect(() => {
    if (signedOut) rememberReturnPath(location.pathname + location.search);
  }, [signedOut, location.pathname, location.search]);

  useEffect(() => {
    if (!data) return;
    const back = takeReturnPath();
    if (back && back !== location.pathname + location.search) void navigate(back, { replace: true });
  }, [data, location.pathname, location.search, navigate]);

  if (isLoading) return <Spinner label="Loading your account…" />;
  if (signedOut) return <Navigate to={paths.menu.href({ signIn: true })} replace />;
  return <Outlet />;
}

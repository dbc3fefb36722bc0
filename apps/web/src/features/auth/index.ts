/**
 * The public entry of the auth feature; other features import from here only. Load it lazily (it
 * brings the store's API with it): `lazyPage(() => import('@/features/auth/index.ts'), 'RequireUser')`.
 */
export { RequireUser } from './components/require-user.tsx';

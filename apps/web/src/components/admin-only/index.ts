export { AdminOnly } from './admin-only.tsx';

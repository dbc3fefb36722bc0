export { routes } from '@/app/router.tsx';

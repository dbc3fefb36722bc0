export { AccountNotices } from './account-notices.tsx';

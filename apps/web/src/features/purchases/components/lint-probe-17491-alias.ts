export { EmailModal } from '@/features/dashboard/components/email-modal.tsx';

export { EmailModal } from '../../dashboard/components/email-modal.tsx';

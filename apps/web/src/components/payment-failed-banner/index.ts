export { PaymentFailedBanner, paymentFailing } from './payment-failed-banner.tsx';

/** The public entry of subscription management for other features' pages (the tier page). */
export { ChangePlanButton } from './components/change-plan-button.tsx';
export { useGetOwnSubscriptionsQuery } from './api/get-own-subscriptions.ts';

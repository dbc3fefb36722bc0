/** A user's running gifted plans, each with the date it ends. */
export { GiftedPlans } from './gifted-plans.tsx';

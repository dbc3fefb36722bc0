/** The public entry of the gift widgets, for the dashboard and the hidden admin page. */
export { RedeemGiftButton } from './redeem-gift-button.tsx';
export { TestGiftRedeem } from './test-gift-redeem.tsx';
export { GiftedPlans } from './gifted-plans.tsx';

/** The public entry of the gifts feature, for the dashboard and the hidden admin page. */
export { RedeemGiftButton } from './components/redeem-gift-button.tsx';
export { TestGiftRedeem } from './components/test-gift-redeem.tsx';

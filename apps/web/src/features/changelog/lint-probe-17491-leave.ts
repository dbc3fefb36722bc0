export { default } from '../../../../../e2e/playwright.config.ts';

export * from './report-button.tsx';

export * from './alert.tsx';
export * from './button.tsx';
export * from './card.tsx';
export * from './dialog.tsx';
export * from './spinner.tsx';
export * from './copy-button.tsx';

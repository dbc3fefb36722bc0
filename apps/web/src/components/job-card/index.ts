/** A job as people see it: its live card, its media, its errors, and where a new one shows itself. */
export { JobCard, type JobCardProps } from './job-card.tsx';
export { JobMedia } from './job-media.tsx';
export { imageSrcSet } from './image-src-set.ts';
export { BuyMoreLink } from './buy-more-link.tsx';
export { showJobCard, useJobArrival } from './job-arrival.tsx';
export { JobErrorAlert } from './job-error.tsx';
export { jobPrompt, jobStatusText } from './job-summary.ts';

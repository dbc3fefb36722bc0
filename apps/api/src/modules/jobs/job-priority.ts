import type { JobFamily } from '@app/domain';

/** Founders Image Only members were promised the front of the image queue; any paid plan comes before free. */
export function jobPriority(subscriptionStatus: string, family: JobFamily): number {
  if (family === 'image' && subscriptionStatus.startsWith('Founders Image Only Plan')) return 20;
  return subscriptionStatus && subscriptionStatus !== 'free' ? 10 : 0;
}

export { LaneUsage } from './lane-usage.tsx';

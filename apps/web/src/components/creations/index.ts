export { RecentCreations } from './recent-creations.tsx';
export { CreationTile } from './creation-tile.tsx';

export { CreationGrid, type CreationPages } from './creation-grid.tsx';
export { CreationTile } from './creation-tile.tsx';

export { WebSocket } from 'ws';

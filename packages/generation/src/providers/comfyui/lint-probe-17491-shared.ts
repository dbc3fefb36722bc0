export { answers } from '../shared/http.ts';

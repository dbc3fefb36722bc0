export { createDatabase } from '@app/db';

export { eq } from 'drizzle-orm';

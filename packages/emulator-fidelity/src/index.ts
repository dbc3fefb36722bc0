export { checkDiscordResponse, discordSchema, DISCORD_RESULTS, type RouteSchema } from './discord-check.ts';
export { checkRecords, formatReport, readRecords, type Recorded, type Report } from './records.ts';
export type { ObjectDef, Schema, Shape } from './shape.ts';
export { checkStripeObject, type Checked } from './stripe-check.ts';
export { stripeApiVersion, stripeSchema, type ObjectSchema } from './stripe-schema.ts';
export { validate, type Failure } from './validate.ts';

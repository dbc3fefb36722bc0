export {
  fuzzRoutes,
  type FuzzAnswer,
  type FuzzOptions,
  type FuzzReport,
  type FuzzRequest,
  type FuzzRoute,
  type FuzzTarget,
  type ValidCall,
} from './engine.ts';
export { encodePart, formEncode } from './inputs.ts';
export { discordErrorMisfit, stripeErrorMisfit } from './shapes.ts';

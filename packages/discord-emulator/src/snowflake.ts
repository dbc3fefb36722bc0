const DISCORD_EPOCH = 1420070400000n;
let increment = 0n;

/** A Discord snowflake for the given time: timestamp in the top bits, so ids sort by creation. */
export function snowflake(nowMs: number): string {
  increment = (increment + 1n) & 0xfffn;
  return String(((BigInt(nowMs) - DISCORD_EPOCH) << 22n) | (1n << 17n) | increment);
}

// Fastify's internal symbols module (plain CommonJS, without types of its own).
declare module 'fastify/lib/symbols.js' {
  const symbols: Record<string, symbol>;
  export default symbols;
}

// How a test runs one of the apps' entry points as a process of its own: the build `npm test` made at
// its start when it is up to date, else the source through tsx (scripts/lib.mjs, plain JavaScript).
const scriptsLib = '../../../scripts/lib.mjs';

export const { entryPointArgs } = (await import(scriptsLib)) as {
  entryPointArgs: (source: string) => string[];
};

// The worker run as a process of its own: its build when up to date, else its source through tsx.
const scriptsLib = '../../../scripts/lib.mjs';

export const { entryPointArgs } = (await import(scriptsLib)) as {
  entryPointArgs: (source: string) => string[];
};

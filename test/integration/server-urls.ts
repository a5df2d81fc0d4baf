/**
 * Skips the calling suite from its `before` hook and says why on the console, so a run without the
 * server shows what it left out instead of failing.
 */
export const skipBecause = (context: Mocha.Context, reason: string): never => {
  console.log(`    skipped: ${reason}`);
  return context.skip();
};

/** The server URL in the environment variable `name`, or a skip of the calling suite saying how to get one. */
export const serverUrl = (context: Mocha.Context, name: string, howToGetOne: string): string =>
  process.env[name] || skipBecause(context, `${name} is not set; ${howToGetOne}`);

import type { z } from 'zod';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment against a process's one config schema; every problem is named at once. */
export const parseConfig = <Schema extends z.ZodType>(schema: Schema, environment: NodeJS.ProcessEnv): z.infer<Schema> => {
  const result = schema.safeParse(environment);
  if (result.success) return result.data;
  throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`));
};

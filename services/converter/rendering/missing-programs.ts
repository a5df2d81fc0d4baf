import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, join } from 'node:path';

const isExecutable = (path: string) =>
  access(path, constants.X_OK).then(
    () => true,
    () => false,
  );

/** Those of `programs` that no directory on PATH holds as an executable. */
export const missingPrograms = async (programs: readonly string[], path = process.env.PATH ?? ''): Promise<string[]> => {
  const directories = path.split(delimiter).filter(Boolean);
  const found = await Promise.all(
    programs.map(async (program) =>
      (await Promise.all(directories.map((directory) => isExecutable(join(directory, program))))).some(Boolean),
    ),
  );
  return programs.filter((_, index) => !found[index]);
};

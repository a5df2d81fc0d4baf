import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const VALIDATE_DEPLOY = path.join(ROOT, 'scripts/validate-deploy.sh');
/** Built by scripts/validate-deploy.sh into TOOLS_DIR (.tools) as well. */
export const COMPOSE_VALIDATE = path.join(process.env.TOOLS_DIR ?? path.join(ROOT, '.tools'), 'bin/compose-validate');

/** Installing the tools on a fresh machine takes about five minutes (kustomize compiles on two cores). */
export const INSTALL_TIMEOUT_MS = 15 * 60_000;

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

export const run = (command: string, args: string[], env: Record<string, string> = {}): Run => {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
};

export const validateDeploy = (args: string[], env: Record<string, string> = {}): Run => run('bash', [VALIDATE_DEPLOY, ...args], env);

/**
 * Makes sure kustomize, kubernetes-validate and compose-validate are in .tools/, or skips the calling
 * suite saying how to get them. Under CI=true nothing is skipped: the tools are installed here when
 * CI has not done it already, and a failed install fails the suite.
 */
export const requireDeployTools = (context: Mocha.Context): void => {
  if (process.env.CI === 'true') {
    const install = validateDeploy(['--install']);
    if (install.status !== 0) throw new Error(`scripts/validate-deploy.sh --install failed:\n${install.stdout}${install.stderr}`);
    return;
  }
  const check = validateDeploy(['--check-tools']);
  if (check.status === 0) return;
  const reason =
    check.stderr.trim().replace(/^validate-deploy: /, '') ||
    'the deployment tools are not installed (scripts/validate-deploy.sh --install)';
  console.log(`    skipped: ${reason}`);
  context.skip();
};

/** The entry point of a `node dist/services/<name>/main.js` command, if that is what it is. */
export const serviceOfCommand = (command: unknown): string | null => {
  if (!Array.isArray(command) || command.length !== 2 || command[0] !== 'node') return null;
  const match = /^dist\/services\/([a-z-]+)\/main\.js$/.exec(String(command[1]));
  return match?.[1] ?? null;
};

/** Whether the source tree has the main.ts that builds into dist/services/<name>/main.js. */
export const hasServiceMain = (name: string): boolean => existsSync(path.join(ROOT, 'services', name, 'main.ts'));

/** The distributed mode's processes, one Deployment or Compose service each. */
export const DISTRIBUTED_SERVICES = ['gateway', 'query', 'relay', 'downloader', 'converter', 'extractor', 'projector', 'webhooks'] as const;

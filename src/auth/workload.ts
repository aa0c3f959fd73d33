// Where a workload's identity token comes from (workload identity federation): a file the platform
// mounts and rotates (Kubernetes projected service-account tokens), an environment variable (CI
// systems), or a value or function given in code. Read on every grant, never cached here.
import { readFile } from 'node:fs/promises';
import { AuthRefusedError } from '../errors/auth-errors.js';
import type { OAuthOptions } from './types.js';

const STEP = 'workload identity';

/**
 * The current assertion. @throws AuthRefusedError (`MCPB_AUTH_REFUSED`) naming the file or variable
 * when it is missing or empty, or when no source is configured.
 */
export async function readWorkloadAssertion(source: OAuthOptions['workload'], server: string | undefined): Promise<string> {
  let value: string | undefined;
  let where: string;
  if (source?.assertion !== undefined) {
    where = 'the configured assertion';
    value = typeof source.assertion === 'function' ? await source.assertion() : source.assertion;
  } else if (source?.assertionFile !== undefined) {
    where = `the assertion file ${source.assertionFile}`;
    try {
      value = await readFile(source.assertionFile, 'utf8');
    } catch (error) {
      throw new AuthRefusedError({
        server,
        step: STEP,
        description: `cannot read ${where} (${(error as NodeJS.ErrnoException).code ?? String(error)}); the platform mounts it (a Kubernetes projected service-account token, for one): check the path and the volume`,
      });
    }
  } else if (source?.assertionEnv !== undefined) {
    where = `the environment variable ${source.assertionEnv}`;
    value = process.env[source.assertionEnv];
  } else {
    throw new AuthRefusedError({
      server,
      step: STEP,
      description: 'auth.mode workload_identity needs auth.assertionFile or auth.assertionEnv (where the platform puts the workload token)',
    });
  }
  const token = value?.trim();
  if (!token) throw new AuthRefusedError({ server, step: STEP, description: `${where} is empty or unset; the platform should have issued a token there` });
  return token;
}

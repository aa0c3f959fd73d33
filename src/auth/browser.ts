// Opening a URL in the user's browser without a shell (SEC-2): an argument array, https: (or
// loopback http:) only. No `open` package: three platform commands.
import { spawn } from 'node:child_process';
import { secureEndpoint } from '../../protocol/auth/index.js';

/**
 * Resolves true when the opener started; false when it could not (the URL is printed anyway).
 * `browser` (the `BROWSER` variable) names a program (words split on spaces, no shell) run with the URL as its last argument.
 */
export function openBrowser(url: string, browser: string | undefined = process.env.BROWSER): Promise<boolean> {
  if (!secureEndpoint(url)) return Promise.resolve(false);
  const [command, args] = browser
    ? [browser.trim().split(/\s+/)[0]!, [...browser.trim().split(/\s+/).slice(1), url]]
    : process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['rundll32', ['url.dll,FileProtocolHandler', url]]
        : ['xdg-open', [url]];
  return new Promise((resolve) => {
    try {
      const child = spawn(command, args as string[], { stdio: 'ignore', detached: true, shell: false });
      child.once('error', () => resolve(false));
      child.once('spawn', () => {
        child.unref();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}

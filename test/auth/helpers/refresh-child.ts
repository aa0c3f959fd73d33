// A second process sharing a file store: asks for an Authorization value with the clock moved past
// expiry (so it must refresh), prints it, exits. Used by the two-process refresh test.
import { createOAuthHandler, FileTokenStore } from '../../../src/auth/index.js';
import type { AuthFetch } from '../../../src/transports/http/auth-handler.js';

const [dir, url, shift] = process.argv.slice(2);
const handler = createOAuthHandler(url!, { interactive: 'never' }, { store: new FileTokenStore(dir!), now: () => Date.now() + Number(shift) });
const value = await handler.authorization({ fetch: fetch as unknown as AuthFetch });
process.stdout.write(`${value ?? 'none'}\n`);

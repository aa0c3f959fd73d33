// What one OAuth handler must never let out, and what it is waiting on: a learning redactor fed with
// every secret the handler is given or obtains (from the moment each exists), the masking of every
// error it lets go, and the OAuth request in flight (so a start that timed out can name the URL).
import { createLearningRedactor, redactError, type Redact } from '../../protocol/redact.js';
import type { AuthFetch } from '../transports/http/auth-handler.js';
import type { OAuthOptions, StoredAuth } from './types.js';

export class HandlerSecrets {
  private readonly learning = createLearningRedactor();
  private waiting?: { step: string; url: string };

  /** Masks every value learnt so far. */
  readonly redact: Redact = (text) => this.learning.redact(text);

  /** Adds values (undefined ones skipped). */
  readonly learn = (values: readonly (string | undefined)[]): void => {
    this.learning.learn(values.filter((v): v is string => typeof v === 'string'));
  };

  /** Learns what the options carry: client secret, private key (also its base64 body on one line), tokens given in code. */
  constructor(options: OAuthOptions) {
    const pem = options.privateKeyPem;
    const idToken = options.crossApp?.idToken;
    const assertion = options.workload?.assertion;
    this.learn([
      typeof assertion === 'string' ? assertion : undefined,
      options.clientSecret,
      options.crossApp?.idpClientSecret,
      typeof idToken === 'string' ? idToken : undefined,
      pem,
      pem?.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''),
    ]);
  }

  /** Learns a record's tokens, client secret and DPoP private key. */
  learnRecord(record: StoredAuth | undefined): void {
    this.learn([record?.tokens?.access_token, record?.tokens?.refresh_token, record?.client?.client_secret, record?.dpop?.privateJwk.d]);
  }

  /** `work`, with any error it rejects with masked: an AS or a server may echo what we sent it. */
  masked<T>(work: Promise<T>): Promise<T> {
    return work.catch((error: unknown) => {
      throw redactError(error, this.redact);
    });
  }

  /** The OAuth request in flight, if any. */
  stalledOn(): { step: string; url: string } | undefined {
    return this.waiting;
  }

  /** `fetch` that records the request in flight for {@link HandlerSecrets.stalledOn}. */
  tracked(fetch: AuthFetch): AuthFetch {
    return async (url, init) => {
      const entry = { step: (init?.method ?? 'GET') === 'GET' ? 'OAuth discovery' : 'OAuth request', url: String(url) };
      this.waiting = entry;
      try {
        return await fetch(url, init);
      } finally {
        if (this.waiting === entry) this.waiting = undefined;
      }
    };
  }
}

// Strips secrets from URLs before they enter an error message or a log: userinfo and the values of
// credential-like query parameters (the session id and auth headers never get that far at all).

const SECRET_PARAM = /token|key|secret|passw|pwd|auth|sig|credential|session|code|jwt|bearer/i;

/** `url` without `user:password@` and with credential-like query values replaced by `REDACTED`. */
export function redactUrl(url: string | URL): string {
  let parsed: URL;
  try {
    parsed = new URL(String(url));
  } catch {
    return '<invalid URL>';
  }
  if (parsed.username || parsed.password) {
    parsed.username = '';
    parsed.password = '';
  }
  const names = [...new Set([...parsed.searchParams.keys()])];
  for (const name of names) {
    if (SECRET_PARAM.test(name)) parsed.searchParams.set(name, 'REDACTED');
  }
  return parsed.toString();
}

/** The first `max` characters of a body, for an error message; marks the cut. */
export function excerpt(text: string, max = 500): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} chars)`;
}

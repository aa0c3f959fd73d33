// A rough count of the tokens tool specs cost in a prompt, for `tools` and `doctor`: about four
// characters of JSON a token, the usual rule of thumb for English and JSON with the providers'
// tokenizers. An estimate to compare configurations, not a bill.

/** About how many tokens `specs` take when sent as JSON. */
export function estimateTokens(specs: unknown): number {
  return Math.ceil(JSON.stringify(specs).length / 4);
}

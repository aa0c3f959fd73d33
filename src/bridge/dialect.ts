// Which JSON Schema dialect a tool schema is written in, from its `$schema` (SCHEMA-1..3): 2020-12
// when absent, draft-07 (and draft-06, a subset of it), 2019-09; anything else is unsupported.
import type { JsonSchema } from '../../protocol/index.js';

/** Dialects the validator can compile. */
export type SchemaDialect = '2020-12' | '2019-09' | 'draft-07';

/** The documented list of supported `$schema` URIs (http or https, with or without a trailing `#`). */
export const SUPPORTED_DIALECT_URIS: Readonly<Record<string, SchemaDialect>> = {
  'json-schema.org/draft/2020-12/schema': '2020-12',
  'json-schema.org/draft/2019-09/schema': '2019-09',
  'json-schema.org/draft-07/schema': 'draft-07',
  'json-schema.org/draft-06/schema': 'draft-07',
};

/** The dialect to validate `schema` with, or why it cannot be validated. */
export type DialectChoice = { dialect: SchemaDialect; declared: string | undefined } | { unsupported: string };

/** Picks the dialect from the root `$schema`; a schema without one is 2020-12 (SCHEMA-1). */
export function dialectOf(schema: JsonSchema): DialectChoice {
  const declared = schema.$schema;
  if (declared === undefined) return { dialect: '2020-12', declared: undefined };
  if (typeof declared !== 'string') return { unsupported: `$schema must be a string, got ${typeof declared}` };
  const key = declared
    .trim()
    .replace(/^https?:\/\//, '')
    .replace(/#$/, '')
    .replace(/\/$/, '');
  const dialect = SUPPORTED_DIALECT_URIS[key];
  if (!dialect) return { unsupported: `unsupported JSON Schema dialect "${declared}" (supported: 2020-12, 2019-09, draft-07, draft-06)` };
  return { dialect, declared };
}

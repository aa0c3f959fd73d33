// Argument completion (completion/complete), for prompt arguments and resource-template variables.
import { Methods, type CompleteArgument, type CompleteContext, type CompleteReference, type CompleteResult, type JsonObject } from '../../protocol/index.js';
import { InvalidResultError } from '../errors/session-errors.js';
import { requestOptions, requireCapability, type FeatureHost, type FeatureOptions } from './features.js';

/**
 * Suggestions for `argument` of a prompt (`{ type: 'ref/prompt', name }`) or a resource template
 * (`{ type: 'ref/resource', uri: uriTemplate }`). `context.arguments` (values chosen for the other
 * arguments) is sent from 2025-06-18 on, where the schema has it. Gated on `completions`.
 */
export async function complete(
  host: FeatureHost,
  ref: CompleteReference,
  argument: CompleteArgument,
  context?: CompleteContext,
  options: FeatureOptions = {},
): Promise<CompleteResult['completion']> {
  requireCapability(host, Methods.completionComplete, 'completions');
  const params: JsonObject = { ref: ref as unknown as JsonObject, argument: { name: argument.name, value: argument.value } };
  if (context?.arguments && (host.protocolVersion ?? '') >= '2025-06-18') params.context = { arguments: context.arguments };
  const result = await host.request<CompleteResult>(Methods.completionComplete, params, requestOptions(options));
  if (typeof result?.completion !== 'object' || result.completion === null || !Array.isArray(result.completion.values)) {
    throw new InvalidResultError({ server: host.serverName, method: Methods.completionComplete }, '"completion.values" is not an array');
  }
  return result.completion;
}

// A filled-in MCP prompt (prompts/get) as the message arrays of the three big LLM APIs: OpenAI Chat
// Completions, Anthropic Messages and Gemini contents. Pure. What a provider cannot take in a role
// (images from the assistant, audio outside OpenAI user turns) becomes a short text note rather than
// being dropped silently.
import type { GetPromptResult, PromptMessage } from '../../protocol/index.js';

export type OpenAiContentPart =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string } }
  | { type: 'input_audio'; input_audio: { data: string; format: 'wav' | 'mp3' } };
export interface OpenAiChatMessage {
  role: 'user' | 'assistant';
  content: string | OpenAiContentPart[];
}

export type AnthropicContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; source: { type: 'base64'; media_type: string; data: string } }
  | { type: 'document'; source: { type: 'base64'; media_type: 'application/pdf'; data: string } };
export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: AnthropicContentBlock[];
}

export type GeminiPart = { text: string } | { inlineData: { mimeType: string; data: string } };
export interface GeminiContent {
  role: 'user' | 'model';
  parts: GeminiPart[];
}

type Piece = { kind: 'text'; text: string } | { kind: 'media'; media: 'image' | 'audio' | 'pdf' | 'other'; mimeType: string; data: string; uri?: string };

// One MCP content block as neutral pieces: text, or base64 media with its type.
function piecesOf(message: PromptMessage): Piece[] {
  const c = message.content as Record<string, any>;
  switch (c.type) {
    case 'text':
      return [{ kind: 'text', text: String(c.text ?? '') }];
    case 'image':
      return [{ kind: 'media', media: 'image', mimeType: c.mimeType, data: c.data }];
    case 'audio':
      return [{ kind: 'media', media: 'audio', mimeType: c.mimeType, data: c.data }];
    case 'resource_link':
      return [{ kind: 'text', text: `[resource ${c.uri}${c.name ? ` (${c.name})` : ''}]` }];
    case 'resource': {
      const r = c.resource ?? {};
      if (typeof r.text === 'string') return [{ kind: 'text', text: `Resource ${r.uri}:\n${r.text}` }];
      const mimeType = String(r.mimeType ?? 'application/octet-stream');
      const media = mimeType.startsWith('image/') ? 'image' : mimeType.startsWith('audio/') ? 'audio' : mimeType === 'application/pdf' ? 'pdf' : 'other';
      return [{ kind: 'media', media, mimeType, data: String(r.blob ?? ''), uri: r.uri }];
    }
    default:
      return [{ kind: 'text', text: `[${String(c.type)} content]` }];
  }
}

const note = (p: Extract<Piece, { kind: 'media' }>) => `[${p.media === 'other' ? 'binary' : p.media} ${p.mimeType}${p.uri ? ` ${p.uri}` : ''} omitted]`;

/** OpenAI Chat Completions messages; a text-only message has a plain string `content`. */
export function promptToOpenAiMessages(prompt: GetPromptResult): OpenAiChatMessage[] {
  return prompt.messages.map((m) => {
    const parts: OpenAiContentPart[] = piecesOf(m).map((p): OpenAiContentPart => {
      if (p.kind === 'text') return { type: 'text', text: p.text };
      if (m.role === 'user' && p.media === 'image') return { type: 'image_url', image_url: { url: `data:${p.mimeType};base64,${p.data}` } };
      const format = /wav/.test(p.mimeType) ? 'wav' : /mp3|mpeg/.test(p.mimeType) ? 'mp3' : undefined;
      if (m.role === 'user' && p.media === 'audio' && format) return { type: 'input_audio', input_audio: { data: p.data, format } };
      return { type: 'text', text: note(p) };
    });
    const textOnly = parts.every((p) => p.type === 'text');
    return { role: m.role, content: textOnly ? parts.map((p) => (p as { text: string }).text).join('\n') : parts };
  });
}

/** Anthropic Messages; consecutive messages of one role are merged, as the API expects turns to alternate. */
export function promptToAnthropicMessages(prompt: GetPromptResult): AnthropicMessage[] {
  const out: AnthropicMessage[] = [];
  for (const m of prompt.messages) {
    const blocks = piecesOf(m).map((p): AnthropicContentBlock => {
      if (p.kind === 'text') return { type: 'text', text: p.text };
      if (m.role === 'user' && p.media === 'image') return { type: 'image', source: { type: 'base64', media_type: p.mimeType, data: p.data } };
      if (m.role === 'user' && p.media === 'pdf') return { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: p.data } };
      return { type: 'text', text: note(p) };
    });
    const last = out[out.length - 1];
    if (last && last.role === m.role) last.content.push(...blocks);
    else out.push({ role: m.role, content: blocks });
  }
  return out;
}

/** Gemini `contents`: `assistant` becomes `model`; media travels as inlineData. */
export function promptToGeminiContents(prompt: GetPromptResult): GeminiContent[] {
  const out: GeminiContent[] = [];
  for (const m of prompt.messages) {
    const role = m.role === 'assistant' ? 'model' : 'user';
    const parts = piecesOf(m).map(
      (p): GeminiPart =>
        p.kind === 'text' ? { text: p.text } : p.media === 'other' ? { text: note(p) } : { inlineData: { mimeType: p.mimeType, data: p.data } },
    );
    const last = out[out.length - 1];
    if (last && last.role === role) last.parts.push(...parts);
    else out.push({ role, parts });
  }
  return out;
}

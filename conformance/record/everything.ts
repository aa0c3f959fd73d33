// Records server-everything (stdio mode): content types (text, image, annotations, resource links,
// embedded resources, structured content), progress, logging, sampling, elicitation, roots and
// list_changed, with the SDK client answering the server's requests with fixed answers.
import { CreateMessageRequestSchema, ElicitRequestSchema, ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { call, serverEntry, settle, startRecording } from './harness.js';

export async function recordEverything(): Promise<void> {
  let roots = [{ uri: 'file:///workspace/demo', name: 'Demo workspace' }];
  let elicitAnswer: Record<string, unknown> = {
    action: 'accept',
    content: {
      name: 'Ada Lovelace',
      check: true,
      email: 'ada@example.com',
      integer: 7,
      untitledSingleSelectEnum: 'Joey',
      titledMultipleSelectEnum: ['fish-2'],
    },
  };
  const rec = await startRecording(
    {
      trace: 'everything.jsonl',
      description: 'server-everything (stdio): content types, progress, logging, sampling, elicitation (accept and decline), roots, list_changed',
      command: 'node',
      args: [serverEntry('server-everything'), 'stdio'],
      capabilities: { roots: { listChanged: true }, sampling: {}, elicitation: { form: {} } },
    },
    (client) => {
      client.setRequestHandler(ListRootsRequestSchema, () => ({ roots }));
      client.setRequestHandler(CreateMessageRequestSchema, () => ({
        role: 'assistant',
        content: { type: 'text', text: 'Recorded sampling answer: the sky is blue because of Rayleigh scattering.' },
        model: 'recorded-model-1',
        stopReason: 'endTurn',
      }));
      client.setRequestHandler(ElicitRequestSchema, () => elicitAnswer as never);
    },
  );
  // The server asks for roots 350 ms after initialized; let that exchange finish first.
  await rec.client.setLoggingLevel('debug');
  await settle(900);
  await rec.client.listTools();
  await call(rec, 'echo', { message: 'Hello, ünïcødé 🌍' });
  await call(rec, 'get-sum', { a: 2, b: 40 });
  await call(rec, 'get-sum', { a: 'two', b: 40 });
  await call(rec, 'get-tiny-image', {});
  await call(rec, 'get-annotated-message', { messageType: 'error' });
  await call(rec, 'get-annotated-message', { messageType: 'success', includeImage: true });
  await call(rec, 'get-resource-links', { count: 3 });
  await call(rec, 'get-resource-reference', { resourceType: 'Text', resourceId: 1 });
  await call(rec, 'get-resource-reference', { resourceType: 'Blob', resourceId: 2 });
  await call(rec, 'get-structured-content', { location: 'Chicago' });
  await call(rec, 'gzip-file-as-resource', {
    name: 'hello.txt.gz',
    data: 'data:text/plain;base64,' + Buffer.from('hello hello hello\n').toString('base64'),
    outputType: 'resource',
  });
  await call(rec, 'trigger-long-running-operation', { duration: 1, steps: 3 }, { onprogress: () => {} });
  await call(rec, 'toggle-simulated-logging', {});
  await call(rec, 'toggle-simulated-logging', {});
  await call(rec, 'trigger-sampling-request', { prompt: 'Why is the sky blue?', maxTokens: 50 });
  await call(rec, 'trigger-elicitation-request', {});
  elicitAnswer = { action: 'decline' };
  await call(rec, 'trigger-elicitation-request', {});
  await call(rec, 'get-roots-list', {});
  roots = [...roots, { uri: 'file:///workspace/other', name: 'Other' }];
  await rec.client.sendRootsListChanged();
  await settle(500);
  await call(rec, 'get-roots-list', {});
  await rec.close();
}

// Records the client surface beyond tools: server-everything's resources, templates, prompts and
// completion, tasks and timer-driven notifications, and server-memory's memory://knowledge-graph resource with its subscription. The SDK
// client drives, as in the other recordings.
import { join } from 'node:path';
import {
  CallToolResultSchema,
  CancelTaskResultSchema,
  CreateTaskResultSchema,
  ElicitRequestSchema,
  GetTaskResultSchema,
  ListTasksResultSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { call, scratchDir, serverEntry, settle, startRecording, type Recording } from './harness.js';

export async function recordEverythingResourcesPrompts(): Promise<void> {
  const rec = await startRecording({
    trace: 'everything-resources-prompts.jsonl',
    description: 'server-everything (stdio): resources, templates (text and blob), reads, prompts, completion',
    command: 'node',
    args: [serverEntry('server-everything'), 'stdio'],
  });
  const c = rec.client;
  await c.listResources();
  await c.listResourceTemplates();
  await c.readResource({ uri: 'demo://resource/static/document/features.md' });
  await c.readResource({ uri: 'demo://resource/dynamic/text/3' });
  await c.readResource({ uri: 'demo://resource/dynamic/blob/2' });
  await c.listPrompts();
  await c.getPrompt({ name: 'simple-prompt' });
  await c.getPrompt({ name: 'args-prompt', arguments: { city: 'Lisbon', state: 'PT' } });
  await c.getPrompt({ name: 'resource-prompt', arguments: { resourceType: 'Text', resourceId: '2' } });
  await c.getPrompt({ name: 'args-prompt' }).catch(() => undefined); // a required argument missing: the server's -32602
  await c.complete({ ref: { type: 'ref/prompt', name: 'completable-prompt' }, argument: { name: 'department', value: 'S' } });
  await c.complete({
    ref: { type: 'ref/prompt', name: 'completable-prompt' },
    argument: { name: 'name', value: '' },
    context: { arguments: { department: 'Engineering' } },
  });
  await c.complete({ ref: { type: 'ref/resource', uri: 'demo://resource/dynamic/text/{resourceId}' }, argument: { name: 'resourceId', value: '12' } });
  await settle(200);
  await rec.close();
}

export async function recordMemoryResources(): Promise<void> {
  const dir = scratchDir('memory-resources');
  const rec = await startRecording({
    trace: 'memory-resources.jsonl',
    description: 'server-memory: the memory://knowledge-graph resource, its subscription and the update after a mutation',
    command: 'node',
    args: [serverEntry('server-memory')],
    env: { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') },
    masks: { ROOT: dir },
  });
  const c = rec.client;
  await c.listResources();
  await c.readResource({ uri: 'memory://knowledge-graph' });
  await c.subscribeResource({ uri: 'memory://knowledge-graph' });
  await call(rec, 'create_entities', { entities: [{ name: 'Ada Lovelace', entityType: 'person', observations: ['wrote the first program'] }] });
  await settle(300);
  await c.readResource({ uri: 'memory://knowledge-graph' });
  await c.unsubscribeResource({ uri: 'memory://knowledge-graph' });
  await rec.close();
}

/** Polls tasks/get at the server's pollInterval until the task ends or needs input, as a careful client would. */
async function pollTask(c: Recording['client'], task: { taskId: string; pollInterval?: number }): Promise<string> {
  for (;;) {
    await settle(task.pollInterval ?? 1000);
    const got = (await c.request({ method: 'tasks/get', params: { taskId: task.taskId } }, GetTaskResultSchema)) as { status: string };
    if (got.status !== 'working') return got.status;
  }
}

export async function recordEverythingTasks(): Promise<void> {
  const rec = await startRecording(
    {
      trace: 'everything-tasks.jsonl',
      description:
        'server-everything (stdio): a task-augmented tools/call polled with tasks/get to completion and fetched with tasks/result; tasks/list; a task cancelled; an ambiguous task that needs input, answered through tasks/result with an elicitation tied to the task',
      command: 'node',
      args: [serverEntry('server-everything'), 'stdio'],
      capabilities: { elicitation: { form: {} } },
    },
    (client) => {
      client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { interpretation: 'programming' } }));
    },
  );
  const c = rec.client;
  await c.listTools();
  const callAsTask = async (args: Record<string, unknown>) =>
    (
      (await c.request(
        { method: 'tools/call', params: { name: 'simulate-research-query', arguments: args, task: { ttl: 60_000 } } },
        CreateTaskResultSchema,
      )) as {
        task: { taskId: string; pollInterval?: number };
      }
    ).task;
  const first = await callAsTask({ topic: 'tide pools' });
  await pollTask(c, first);
  await c.request({ method: 'tasks/result', params: { taskId: first.taskId } }, CallToolResultSchema);
  await c.request({ method: 'tasks/list' }, ListTasksResultSchema);
  const second = await callAsTask({ topic: 'glaciers' });
  await c.request({ method: 'tasks/cancel', params: { taskId: second.taskId } }, CancelTaskResultSchema);
  const third = await callAsTask({ topic: 'python', ambiguous: true });
  await pollTask(c, third); // stops at input_required: the elicitation comes through tasks/result
  await c.request({ method: 'tasks/result', params: { taskId: third.taskId } }, CallToolResultSchema, { timeout: 60_000 });
  await settle(300);
  await rec.close();
}

export async function recordEverythingNotifications(): Promise<void> {
  const rec = await startRecording({
    trace: 'everything-notifications.jsonl',
    description:
      'server-everything (stdio): timer-driven notifications: simulated resource updates for a subscribed resource and simulated logging at two levels, each turned on, left running past one 5 s interval, and off',
    command: 'node',
    args: [serverEntry('server-everything'), 'stdio'],
  });
  const c = rec.client;
  const uri = 'demo://resource/static/document/features.md';
  await c.setLoggingLevel('debug');
  await c.subscribeResource({ uri });
  await call(rec, 'toggle-subscriber-updates', {});
  await settle(5_500);
  await call(rec, 'toggle-subscriber-updates', {});
  await c.unsubscribeResource({ uri });
  await call(rec, 'toggle-simulated-logging', {});
  await settle(5_500);
  await c.setLoggingLevel('error');
  await settle(5_200);
  await call(rec, 'toggle-simulated-logging', {});
  await settle(300);
  await c.ping();
  await rec.close();
}

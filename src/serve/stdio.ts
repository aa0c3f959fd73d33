// The gateway on stdio: one client, newline-delimited JSON-RPC on the process's stdin and stdout
// (STDIO-2). Nothing but protocol messages is ever written to the output: logs go to stderr.
import type { Readable, Writable } from 'node:stream';
import { createMessageFramer, encodeLine, ErrorCodes, type JsonRpcMessage } from '../../protocol/index.js';
import { nullLogger, type Logger } from '../log.js';
import { ServeConnection, type Channel } from './connection.js';
import type { Gateway } from './gateway.js';

export interface StdioServeOptions {
  gateway: Gateway;
  /** @defaultValue process.stdin */
  input?: Readable;
  /** @defaultValue process.stdout */
  output?: Writable;
  logger?: Logger;
}

/** A running stdio gateway. */
export interface StdioServer {
  readonly connection: ServeConnection;
  /** Resolves when the client closed its end (stdin ended) or `close()` was called. */
  readonly done: Promise<void>;
  /** Ends the listen streams with their result, aborts what is in flight and stops reading. */
  close(): Promise<void>;
}

/** Serves one client on stdin/stdout until stdin ends. */
export function serveStdio(options: StdioServeOptions): StdioServer {
  const input = options.input ?? process.stdin;
  const output = options.output ?? process.stdout;
  const logger = options.logger ?? nullLogger;
  let ended = false;
  // The lines of one event-loop turn leave in one write: under load (64 calls in flight) one
  // syscall per answer would cost more than the answers themselves.
  let queued: string[] = [];
  const flush = () => {
    const lines = queued;
    queued = [];
    if (lines.length > 0) output.write(lines.length === 1 ? lines[0]! : lines.join(''));
  };
  const channel: Channel = {
    send(message: JsonRpcMessage) {
      if (ended) return;
      if (queued.push(encodeLine(message)) === 1) setImmediate(flush);
    },
  };
  const connection = new ServeConnection({ gateway: options.gateway, background: () => channel, ownsBackends: true, logger });
  // One handler for every message's failure, not a closure per message.
  const failed = (error: unknown) => logger.error(`serving a message failed: ${String(error)}`);
  const framer = createMessageFramer({
    reusesBuffers: false,
    onValue: (value) => {
      connection.receive(value, channel).catch(failed);
    },
    onError: (error) => {
      // JSONRPC-5: a line we cannot parse is answered with a parse error without an id.
      logger.warn(error.message);
      channel.send({ jsonrpc: '2.0', id: null, error: { code: ErrorCodes.ParseError, message: `Parse error: ${error.message}` } });
    },
  });
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const onData = (chunk: Buffer) => framer.feed(chunk);
  const onEnd = () => {
    framer.end();
    stop();
  };
  const stop = () => {
    if (ended) return;
    flush();
    ended = true;
    input.off('data', onData);
    input.off('end', onEnd);
    input.off('close', onEnd);
    connection.close('the client closed stdin');
    finish();
  };
  input.on('data', onData);
  input.on('end', onEnd);
  input.on('close', onEnd);
  return {
    connection,
    done,
    async close() {
      if (ended) return;
      await connection.shutdown();
      stop();
      input.pause();
    },
  };
}

// Replays one recorded tools/list of the tool catalogue (test/fixtures/tool-catalog, test/fixtures/tools):
// `node catalog-replay.mjs FILE` serves the tools of FILE as the real server listed them, so a config
// can hold all 34 servers of the catalogue without their dependencies, accounts or network.
import { readFileSync } from 'node:fs';
import { serve } from './lib/mini-server.mjs';

const { server, tools } = JSON.parse(readFileSync(process.argv[2], 'utf8'));
serve({ 'tools/list': () => ({ tools }) }, { name: server });

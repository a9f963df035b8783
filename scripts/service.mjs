// Runs the token service from its build (dist-server/main.mjs), building it first when it is
// missing or older than its sources. Arguments (e.g. --demo) go to the service, which runs in
// this process: signals reach it directly.
import { pathToFileURL } from 'node:url';
import { ensureServerBuilt, serverBuildIsStale } from './build-server.mjs';

let entry;
try {
  if (serverBuildIsStale()) console.log('Building the service…');
  entry = ensureServerBuilt();
} catch (error) {
  console.error(`Tokendesk could not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
await import(pathToFileURL(entry).href);

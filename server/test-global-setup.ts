import { ensureServerBuilt } from '../scripts/build-server.mjs';

/** Builds the service once before the tests that run it as people do (when a source changed). */
export default function setup(): void {
  ensureServerBuilt();
}

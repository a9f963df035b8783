import { ensureServerBuilt } from '../../scripts/build-server.mjs';

/** The service is built once, before the workers each start theirs from the build. */
export default function globalSetup() {
  ensureServerBuilt();
}

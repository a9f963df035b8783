import './zod-jitless';
import { QueryClient } from '@tanstack/react-query';
import type { TokenBackend } from './backend';
import { gatewayShell } from './adapters/gateway-shell';
import { liteLlmBackend } from './adapters/litellm/shell';
import {
  gatewayRefusedField,
  liteLlmRefusedField,
  namingRefusedFields,
  serviceRefusedField,
} from './adapters/refused-field';
import { tokendeskBackend } from './adapters/tokendesk';
import { createClient, type ClientHooks, type Connection } from './client';

/**
 * The one place that knows which kinds of server exist; screens only see TokenBackend. Gateways
 * keep what they fetched in `cache`, the session's QueryClient (a private one by default).
 */
export function createBackend(
  connection: Connection,
  hooks: ClientHooks = {},
  cache: QueryClient = new QueryClient(),
): TokenBackend {
  const client = createClient(connection, hooks);
  switch (connection.kind) {
    case 'one-api':
    case 'new-api':
      return namingRefusedFields(gatewayShell(connection.kind, client, cache), gatewayRefusedField);
    case 'litellm':
      return namingRefusedFields(liteLlmBackend(client, cache), liteLlmRefusedField);
    default:
      return namingRefusedFields(tokendeskBackend(client), serviceRefusedField);
  }
}

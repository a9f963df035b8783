import './zod-jitless';
import { QueryClient } from '@tanstack/react-query';
import type { TokenBackend } from './backend';
import { liteLlmBackend } from './adapters/litellm/shell';
import { newApiBackend } from './adapters/new-api';
import { oneApiBackend } from './adapters/one-api';
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
      return namingRefusedFields(oneApiBackend(client, cache), gatewayRefusedField);
    case 'new-api':
      return namingRefusedFields(newApiBackend(client, cache), gatewayRefusedField);
    case 'litellm':
      return namingRefusedFields(liteLlmBackend(client, cache), liteLlmRefusedField);
    default:
      return namingRefusedFields(tokendeskBackend(client), serviceRefusedField);
  }
}

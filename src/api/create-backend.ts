import type { TokenBackend } from './backend';
import { newApiBackend } from './adapters/new-api';
import { oneApiBackend } from './adapters/one-api';
import {
  gatewayRefusedField,
  namingRefusedFields,
  serviceRefusedField,
} from './adapters/refused-field';
import { tokendeskBackend } from './adapters/tokendesk';
import { createClient, type ClientHooks, type Connection } from './client';

/** The one place that knows which kinds of server exist; screens only see TokenBackend. */
export function createBackend(connection: Connection, hooks: ClientHooks = {}): TokenBackend {
  const client = createClient(connection, hooks);
  switch (connection.kind) {
    case 'one-api':
      return namingRefusedFields(oneApiBackend(client), gatewayRefusedField);
    case 'new-api':
      return namingRefusedFields(newApiBackend(client), gatewayRefusedField);
    default:
      return namingRefusedFields(tokendeskBackend(client), serviceRefusedField);
  }
}

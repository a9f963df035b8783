import { createContext } from 'react';
import type { ClientHooks, Connection } from './client';

/**
 * What OpenAI's routes of the session's server need (Try it): the address, and the activity log
 * to write to. The calls themselves are made by the part of the app that uses them, loaded on
 * demand (use-openai.ts), so the signed-in app does not carry them.
 */
export interface OpenAiSession {
  connection: Pick<Connection, 'baseUrl'>;
  hooks: Pick<ClientHooks, 'onCall'>;
}

export const OpenAiContext = createContext<OpenAiSession | null>(null);

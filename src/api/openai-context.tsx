import { createContext, useContext } from 'react';
import type { OpenAiAccess } from './openai-access';

/** OpenAI's routes of the session's server, called with a token's key (Try it). */
export const OpenAiContext = createContext<OpenAiAccess | null>(null);

export function useOpenAi(): OpenAiAccess {
  const access = useContext(OpenAiContext);
  if (!access) throw new Error('useOpenAi needs a connected session');
  return access;
}

import { useContext, useMemo } from 'react';
import { createOpenAiAccess, type OpenAiAccess } from './openai-access';
import { OpenAiContext } from './openai-context';

/** OpenAI's routes of the session's server, called with a token's key. */
export function useOpenAi(): OpenAiAccess {
  const session = useContext(OpenAiContext);
  if (!session) throw new Error('useOpenAi needs a connected session');
  return useMemo(() => createOpenAiAccess(session.connection, session.hooks), [session]);
}

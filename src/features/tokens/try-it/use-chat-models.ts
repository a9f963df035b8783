import { useQuery } from '@tanstack/react-query';
import { isChatRefusal } from '../../../api/chat-refusal';
import { useOpenAi } from '../../../api/use-openai';
import { tryKeys } from '../../../api/try-keys';
import type { Token } from '../../../contract/token';
import { tryItKeys } from './try-it-keys';

/** The models the token's key may use, as the server's /v1/models tells its clients. */
export function useChatModels(token: Token, key: string | undefined) {
  const openAi = useOpenAi();
  return useQuery({
    queryKey: tryItKeys.models(token),
    queryFn: async ({ signal }) => {
      try {
        return await openAi.listModels(key!, signal);
      } catch (error) {
        // A key rotated since it was revealed: the next try reveals the current one.
        if (isChatRefusal(error) && error.kind === 'key-unknown') tryKeys.forget(token.id);
        throw error;
      }
    },
    enabled: key !== undefined,
    retry: false,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
}

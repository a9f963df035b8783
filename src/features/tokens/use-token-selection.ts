import { useCallback, useMemo, useState } from 'react';
import type { Token } from '../../contract/token';
import { useStableCallbacks } from '../../components/use-stable-callbacks';

const NO_SELECTION = new Map<number, Token>();

/**
 * The tokens ticked on the page shown. A selection belongs to the view it was made on
 * (`viewKey`): another page, filter or order starts with none.
 */
export function useTokenSelection(viewKey: string, pageTokens: Token[] | undefined) {
  const [selection, setSelection] = useState({ key: viewKey, tokens: NO_SELECTION });
  const selected = selection.key === viewKey ? selection.tokens : NO_SELECTION;

  // Built on the latest selection, not this render's, so quick successive ticks all count.
  const select = (tokens: Token[], on: boolean) =>
    setSelection((current) => {
      const next = new Map(current.key === viewKey ? current.tokens : undefined);
      for (const token of tokens) {
        if (on) next.set(token.id, token);
        else next.delete(token.id);
      }
      return { key: viewKey, tokens: next };
    });
  const { onSelect, onSelectPage } = useStableCallbacks({
    onSelect: (token: Token, on: boolean) => select([token], on),
    onSelectPage: (on: boolean) => select(pageTokens ?? [], on),
  });
  const clear = useCallback(() => setSelection({ key: viewKey, tokens: NO_SELECTION }), [viewKey]);
  const selectedIds = useMemo(() => new Set(selected.keys()), [selected]);

  return { selected, selectedIds, onSelect, onSelectPage, clear };
}

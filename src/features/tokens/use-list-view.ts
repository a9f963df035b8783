import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { queryFromView, viewFromQuery, type ListView } from './list-params';

/**
 * A key searched for is never written to the address; it is held in memory and its history
 * entry is only marked, so back and forward still find it within this tab.
 */
let keySearch = '';
const KEY_MARK = 'tokendesk.key-search';

function subscribe(listener: () => void) {
  window.addEventListener('popstate', listener);
  return () => window.removeEventListener('popstate', listener);
}

const snapshot = () =>
  `${window.location.search}|${(window.history.state as Record<string, unknown> | null)?.[KEY_MARK] === true}`;

/**
 * The list view, stored in the address: back and forward move through views, a copied link
 * opens the same one. Typing a search replaces the entry instead of piling up history.
 */
export function useListView(): [ListView, (next: Partial<ListView>, replace?: boolean) => void] {
  const current = useSyncExternalStore(subscribe, snapshot);
  const view = useMemo(() => {
    const [query, marked] = current.split('|');
    const fromUrl = viewFromQuery(query ?? '');
    return marked === 'true' && keySearch ? { ...fromUrl, search: keySearch } : fromUrl;
  }, [current]);

  const update = useCallback(
    (next: Partial<ListView>, replace = false) => {
      const merged = { ...view, ...next };
      const nextQuery = queryFromView(merged);
      const isKey = merged.search.trim() !== '' && !nextQuery.includes('q=');
      if (isKey) keySearch = merged.search;
      const url = `${window.location.pathname}${nextQuery}${window.location.hash}`;
      const state = isKey ? { [KEY_MARK]: true } : null;
      if (replace) window.history.replaceState(state, '', url);
      else window.history.pushState(state, '', url);
      window.dispatchEvent(new PopStateEvent('popstate'));
    },
    [view],
  );
  return [view, update];
}

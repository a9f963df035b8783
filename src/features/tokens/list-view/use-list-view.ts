import { useCallback, useEffect, useRef, useState } from 'react';
import { writeAddress } from '../../../components/address';
import {
  LIST_PARAMS,
  looksLikeKey,
  queryFromView,
  viewFromQuery,
  type ListView,
} from './list-view-params';

/**
 * Where a history entry keeps a key searched for. The address never holds one: links and logs
 * carry addresses. The entry's own state is kept by the browser for this tab alone, so back
 * and forward find each key again, and two keys are two views.
 */
const KEY_SEARCH = 'tokendesk.key-search';

function readView(): ListView {
  const view = viewFromQuery(window.location.search);
  const key = (window.history.state as Record<string, unknown> | null)?.[KEY_SEARCH];
  return typeof key === 'string' ? { ...view, search: key } : view;
}

/** Every parameter the list view writes, removed before the current ones are set. */
const CLEARED = Object.fromEntries(LIST_PARAMS.map((name) => [name, null]));

export type SetListView = (next: Partial<ListView>, replace?: boolean) => void;

/**
 * The list view, stored in the address: back and forward move through views, a copied link
 * opens the same one. Typing a search replaces the entry instead of piling up history.
 */
export function useListView(): [ListView, SetListView] {
  const [view, setView] = useState(readView);
  // The view as last set, for changes made from a timer or several in one event.
  const latest = useRef(view);

  useEffect(() => {
    const restore = () => {
      latest.current = readView();
      setView(latest.current);
    };
    window.addEventListener('popstate', restore);
    return () => window.removeEventListener('popstate', restore);
  }, []);

  const update = useCallback<SetListView>((next, replace = false) => {
    const merged = { ...latest.current, ...next };
    latest.current = merged;
    const state = looksLikeKey(merged.search) ? { [KEY_SEARCH]: merged.search } : null;
    // The list's own parameters are written anew; the others (the open details) are kept.
    const listParams = Object.fromEntries(new URLSearchParams(queryFromView(merged)));
    writeAddress({ ...CLEARED, ...listParams }, { replace, state });
    setView(merged);
  }, []);

  return [view, update];
}

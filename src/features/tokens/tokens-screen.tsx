import { Paper, Stack } from '@mantine/core';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { useAccess } from '../../components/access';
import { LazyBoundary } from '../../components/lazy-boundary';
import { useNow } from '../../components/use-now';
import { useSlow } from '../../components/use-slow';
import { useScanProgress, useTokenList } from './api/list-tokens';
import { BulkBar } from './bulk-bar';
import { LoadFailedAlert, ScanAlert } from './list-alerts';
import { ListEmptyState } from './list-empty-state';
import { ListFilters } from './list-filters';
import { ListFooter } from './list-footer';
import { listParamsFromView, nextOrder } from './list-view/list-view-params';
import { useListView } from './list-view/use-list-view';
import { SummaryStrip } from './summary-strip';
import { TokenDialogs, type TokenDialog } from './token-dialogs';
import { TokenCards } from './token-cards';
import { TokensHeader } from './tokens-header';
import { CARDS_WIDTH } from './cards-width';
import { tokenTable } from './wide-list';
import { useRowActions } from './use-row-actions';
import { useTokenSelection } from './use-token-selection';

export function TokensScreen() {
  const now = useNow();
  const phone = useMediaQuery(CARDS_WIDTH, false, { getInitialValueInEffect: false });
  const [view, setView] = useListView();
  const [dialog, setDialog] = useState<TokenDialog>(null);
  // Chosen once: the table itself where it was fetched before the first render, else its part.
  const [TokenTable] = useState(() => tokenTable.current());
  const searchRef = useRef<HTMLInputElement>(null);
  const params = listParamsFromView(view);

  const list = useTokenList(params);
  // Slow is a server still answering; one that has refused or failed is not slow, and is retried.
  const slowList = useSlow(list.isFetching && !list.isError && list.failureCount === 0);
  const scanning = useScanProgress(params);
  const selection = useTokenSelection(JSON.stringify(params), list.data?.items);
  const handlers = useRowActions(setDialog);
  const { may } = useAccess();

  useHotkeys([
    ['/', () => searchRef.current?.focus()],
    ['n', () => may('tokens.create') && setDialog((open) => open ?? { kind: 'create' })],
  ]);

  // The first page is drawn in the background, yielding every few milliseconds, rather than in
  // one long task while the app is still starting (a slow phone stays responsive). Later pages
  // and edits are drawn at once: by then they are the only work, and they show sooner so.
  const deferredTokens = useDeferredValue(list.data?.items);
  const shownTokens = deferredTokens === undefined ? undefined : list.data?.items;
  // Where the server stopped counting, the last page is not known from the total.
  const pages = list.data?.totalCapped
    ? Infinity
    : Math.max(1, Math.ceil((list.data?.total ?? 0) / (list.data?.pageSize ?? view.size)));
  // A deletion can leave the current page empty: step back to the last page that has rows.
  useEffect(() => {
    if (list.data && list.data.items.length === 0 && view.page > 1 && !list.isPlaceholderData) {
      setView({ page: Math.min(view.page - 1, pages) }, true);
    }
  }, [list.data, list.isPlaceholderData, view.page, pages, setView]);

  const create = () => setDialog({ kind: 'create' });
  const isEmpty = list.data && list.data.items.length === 0 && view.page === 1;
  const ListView = phone ? TokenCards : TokenTable;
  const { keyword, token, status, order } = params;

  return (
    <Stack gap="md">
      <TokensHeader
        total={list.data?.total ?? null}
        totalCapped={list.data?.totalCapped ?? false}
        slow={slowList}
        exportFilter={{ keyword, token, status, order }}
        onCreate={create}
        summary={
          <SummaryStrip
            search={{ keyword, token }}
            status={view.status}
            onStatus={(next) => setView({ status: next, page: 1 })}
          />
        }
        phone={phone}
      />
      <ListFilters view={view} setView={setView} searchRef={searchRef} phone={phone} />

      {selection.selected.size > 0 && (
        <BulkBar
          count={selection.selected.size}
          onAction={(action) =>
            setDialog({ kind: 'bulk', action, tokens: [...selection.selected.values()] })
          }
          onClear={selection.clear}
        />
      )}
      {scanning !== null && <ScanAlert loaded={scanning} />}
      {list.isError && (
        <LoadFailedAlert
          error={list.error}
          retrying={list.isFetching}
          onRetry={() => list.refetch()}
        />
      )}

      {isEmpty ? (
        <ListEmptyState
          filtered={Boolean(keyword || token || status)}
          onClearFilters={() => setView({ search: '', status: null, page: 1 })}
          onCreate={create}
        />
      ) : (
        !(list.isError && !list.data) && (
          <Paper withBorder={!phone} radius="md">
            {/* Only a window that turned wide after the first render waits for the table. */}
            <LazyBoundary>
              <ListView
                tokens={shownTokens}
                skeletonRows={Math.min(view.size, 20)}
                now={now}
                handlers={handlers}
                selected={selection.selectedIds}
                onSelect={selection.onSelect}
                onSelectPage={selection.onSelectPage}
                order={view.order}
                onSort={(field) => setView({ order: nextOrder(view.order, field), page: 1 })}
                onOrder={(next) => setView({ order: next, page: 1 })}
              />
            </LazyBoundary>
          </Paper>
        )
      )}
      {/* With the rows it counts, so that drawn beneath skeleton rows it is not pushed down. */}
      {list.data && shownTokens && !isEmpty && (
        <ListFooter list={list.data} view={view} setView={setView} phone={phone} />
      )}

      {/* Room below the list while the selection bar floats there, to scroll its last rows clear. */}
      <div style={{ height: 'var(--floating-bar-room, 0px)' }} aria-hidden="true" />

      <TokenDialogs dialog={dialog} onDialog={setDialog} onBulkFinished={selection.clear} />
    </Stack>
  );
}

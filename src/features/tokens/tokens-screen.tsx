import {
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  Paper,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useHotkeys, useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useBackend } from '../../api/backend-context';
import { isApiError } from '../../api/errors';
import { TokenStatus, type Token, type TokenStatusCode } from '../../contract/token';
import { describeError } from '../../components/describe-error';
import { useI18n } from '../../components/i18n';
import { IconAlert, IconKey, IconPlus } from '../../components/icons';
import { LazyBoundary, lazyPart } from '../../components/lazy-boundary';
import { useNow } from '../../components/use-now';
import { useStableCallbacks } from '../../components/use-stable-callbacks';
import { useSlow } from '../../components/use-slow';
import { copyText } from '../../lib/clipboard';
import type { BulkOutcome } from './api/bulk-action';
import { useCreateMany } from './api/create-many';
import { useCreateToken } from './api/create-token';
import { useDeleteToken } from './api/delete-token';
import { useScanProgress, useTokenList } from './api/list-tokens';
import { useRevealKey } from './api/reveal-key';
import { useSetTokenStatus } from './api/set-token-status';
import { useUpdateToken } from './api/update-token';
import { BulkBar } from './bulk-bar';
import type { BulkKind } from './bulk-dialog';
import { DeleteTokenDialog } from './delete-token-dialog';
import { ExportMenu } from './export-menu';
import { listParamsFromView, nextOrder } from './list-view/list-view-params';
import { NewKeyDialog, type CreatedKeys } from './new-key-dialog';
import { SearchBox } from './search-box';
import { SummaryStrip } from './summary-strip';
import type { TokenActionHandlers } from './token-actions';
import type { TokenFormResult } from './token-form';
import { TokenCards, TokenTable } from './token-table';
import { useListView } from './list-view/use-list-view';

// Fetched ahead by the page's boot script once it is idle (scripts/vite-boot-script.ts).
const TokenFormModal = lazyPart(() => import('./token-form-modal'));
const BulkDialog = lazyPart(() => import('./bulk-dialog'));

const NO_SELECTION = new Map<number, Token>();

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; token: Token }
  | { kind: 'delete'; token: Token }
  | { kind: 'new-keys'; created: CreatedKeys }
  | { kind: 'bulk'; action: BulkKind; tokens: Token[] }
  | null;

export function TokensScreen() {
  const { t, locale } = useI18n();
  const now = useNow();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [view, setView] = useListView();
  const [dialog, setDialog] = useState<Dialog>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const params = listParamsFromView(view);
  const paramsKey = JSON.stringify(params);
  const [selection, setSelection] = useState<{ key: string; tokens: Map<number, Token> }>({
    key: paramsKey,
    tokens: new Map(),
  });
  // A selection belongs to the page it was made on.
  const selected = selection.key === paramsKey ? selection.tokens : NO_SELECTION;

  const list = useTokenList(params);
  const slowList = useSlow(list.isFetching && !list.isError);
  const scanning = useScanProgress(params);
  const createToken = useCreateToken();
  const createMany = useCreateMany();
  const updateToken = useUpdateToken();
  const setStatus = useSetTokenStatus();
  const deleteToken = useDeleteToken();
  const revealKey = useRevealKey();

  useHotkeys([
    ['/', () => searchRef.current?.focus()],
    ['n', () => setDialog((open) => open ?? { kind: 'create' })],
  ]);

  const backend = useBackend();
  // The first page is drawn in the background, yielding every few milliseconds, rather than in
  // one long task while the app is still starting (a slow phone stays responsive). Later pages
  // and edits are drawn at once: by then they are the only work, and they show sooner so.
  const deferredTokens = useDeferredValue(list.data?.items);
  const shownTokens = deferredTokens === undefined ? undefined : list.data?.items;
  const knownTotal = list.data?.total ?? null;
  const total = knownTotal ?? 0;
  const pages = Math.max(1, Math.ceil(total / view.size));
  // A deletion can leave the current page empty: step back to the last page that has rows.
  useEffect(() => {
    if (list.data && list.data.items.length === 0 && view.page > 1 && !list.isPlaceholderData) {
      setView({ page: Math.min(view.page - 1, pages) }, true);
    }
  }, [list.data, list.isPlaceholderData, view.page, pages, setView]);

  const fail = (error: unknown) =>
    notifications.show({
      color: 'red',
      title: t('notify.failed'),
      message: describeError(error, t),
    });
  const succeed = (message: string) => notifications.show({ color: 'teal', message });

  // Built on the latest selection, not this render's, so quick successive ticks all count.
  const select = (tokens: Token[], on: boolean) =>
    setSelection((current) => {
      const next = new Map(current.key === paramsKey ? current.tokens : undefined);
      for (const token of tokens) {
        if (on) next.set(token.id, token);
        else next.delete(token.id);
      }
      return { key: paramsKey, tokens: next };
    });

  const handlers = useStableCallbacks<TokenActionHandlers>({
    onEdit: (token) => setDialog({ kind: 'edit', token }),
    onDelete: (token) => setDialog({ kind: 'delete', token }),
    onToggle: (token) => {
      const status =
        token.status === TokenStatus.disabled ? TokenStatus.enabled : TokenStatus.disabled;
      setStatus.mutate(
        { token, status },
        {
          onSuccess: () =>
            succeed(
              t(status === TokenStatus.enabled ? 'notify.enabled' : 'notify.disabled', {
                name: token.name,
              }),
            ),
          onError: fail,
        },
      );
    },
    onCopyKey: async (token) => {
      try {
        const key = token.key.includes('*') ? await revealKey.mutateAsync(token) : token.key;
        await copyText(`sk-${key}`);
        succeed(t('notify.copied', { name: token.name }));
      } catch (error) {
        notifications.show({
          color: 'red',
          title: t('notify.copyFailed'),
          message: describeError(error, t),
        });
      }
    },
  });
  const { onSelect, onSelectPage } = useStableCallbacks({
    onSelect: (token: Token, on: boolean) => select([token], on),
    onSelectPage: (on: boolean) => select(list.data?.items ?? [], on),
  });
  const selectedIds = useMemo(() => new Set(selected.keys()), [selected]);

  const submitForm = async ({ edit, count }: TokenFormResult) => {
    try {
      if (dialog?.kind === 'edit') {
        await updateToken.mutateAsync({ token: dialog.token, edit });
        succeed(t('notify.saved', { name: edit.name }));
        setDialog(null);
        return;
      }
      const { status: _status, ...input } = edit;
      if (count === 1) {
        const created = await createToken.mutateAsync(input);
        succeed(t('notify.created', { name: input.name }));
        setDialog({
          kind: 'new-keys',
          created: created
            ? { tokens: [created], withoutKeys: [], failures: [] }
            : { tokens: [], withoutKeys: [input.name], failures: [] },
        });
        return;
      }
      const outcome = await createMany.mutateAsync({ input, count });
      if (outcome.done.length === 0) throw outcome.failed[0]?.error ?? new Error('nothing created');
      succeed(t('notify.createdMany', { count: outcome.done.length }));
      setDialog({
        kind: 'new-keys',
        created: {
          tokens: outcome.done.flatMap((d) => (d.result ? [d.result] : [])),
          withoutKeys: outcome.done.flatMap((d) => (d.result ? [] : [d.item])),
          failures: outcome.failed.map((f) => ({
            name: f.item,
            message: describeError(f.error, t),
          })),
        },
      });
    } catch (error) {
      fail(error);
      throw error;
    }
  };

  const bulkFinished = (outcome: BulkOutcome) => {
    setSelection({ key: paramsKey, tokens: new Map() });
    const color = outcome.failed.length ? 'orange' : 'teal';
    notifications.show({
      color,
      message: t('bulk.summary', {
        done: outcome.done.length,
        total: outcome.done.length + outcome.failed.length,
      }),
    });
  };

  const from = total === 0 ? 0 : (view.page - 1) * view.size + 1;
  const to = Math.min(view.page * view.size, total);
  const filtered = Boolean(params.keyword || params.token || params.status);
  const isEmpty = list.data && list.data.items.length === 0 && view.page === 1;
  const ListView = phone ? TokenCards : TokenTable;
  const exportParams = {
    keyword: params.keyword,
    token: params.token,
    status: params.status,
    order: params.order,
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        {/* On a phone the buttons always take a line of their own: the count arriving moves nothing. */}
        <Group gap="xs" align="baseline" w={phone ? '100%' : undefined}>
          <Title order={1} size="h2">
            {t('tokens.title')}
          </Title>
          {/* In the count's place, so waiting moves nothing on the page. */}
          {slowList ? (
            <Group gap={6} wrap="nowrap" role="status">
              <Loader size={12} />
              <Text c="dimmed" size="sm">
                {t('tokens.slow')}
              </Text>
            </Group>
          ) : (
            knownTotal !== null && (
              <Text c="dimmed" size="sm">
                {total === 1
                  ? t('tokens.totalOne')
                  : t('tokens.total', { count: total.toLocaleString(locale) })}
              </Text>
            )
          )}
        </Group>
        <Group gap="xs">
          <ExportMenu params={exportParams} />
          <Button leftSection={<IconPlus />} onClick={() => setDialog({ kind: 'create' })}>
            {t('tokens.create')}
          </Button>
        </Group>
      </Group>

      <SummaryStrip status={view.status} onStatus={(status) => setView({ status, page: 1 })} />

      <Group gap="sm" wrap={phone ? 'wrap' : 'nowrap'}>
        <SearchBox
          ref={searchRef}
          value={view.search}
          onSearch={(search) => setView({ search, page: 1 }, true)}
        />
        {/* Native selects: the phone's own picker, and no floating dropdown to place on each render. */}
        <NativeSelect
          aria-label={t('tokens.statusFilter')}
          w={phone ? '100%' : 180}
          value={view.status === null ? 'all' : String(view.status)}
          onChange={({ currentTarget: { value } }) =>
            setView({
              status: value === 'all' ? null : (Number(value) as TokenStatusCode),
              page: 1,
            })
          }
          data={[
            { value: 'all', label: t('tokens.statusAll') },
            { value: '1', label: t('status.1') },
            { value: '2', label: t('status.2') },
            { value: '3', label: t('status.3') },
            { value: '4', label: t('status.4') },
          ]}
        />
      </Group>

      {selected.size > 0 && (
        <BulkBar
          count={selected.size}
          onAction={(action) => setDialog({ kind: 'bulk', action, tokens: [...selected.values()] })}
          onClear={() => setSelection({ key: paramsKey, tokens: new Map() })}
        />
      )}

      {scanning !== null && (
        <Alert color="blue" variant="light" role="status" title={t('tokens.scanningTitle')}>
          <Stack gap={6}>
            <Text size="sm">{t('tokens.scanning', { count: scanning })}</Text>
            <Progress value={100} animated size="sm" aria-label={t('tokens.scanningTitle')} />
          </Stack>
        </Alert>
      )}

      {list.isError && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlert />}
          title={t('tokens.loadFailed')}
          role="alert"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{describeError(list.error, t)}</Text>
            {isApiError(list.error) && list.error.transient && (
              <Text size="xs" c="dimmed">
                {t('tokens.retrying')}
              </Text>
            )}
            <Button
              size="xs"
              variant="light"
              color="red"
              onClick={() => list.refetch()}
              loading={list.isFetching}
            >
              {t('tokens.retry')}
            </Button>
          </Stack>
        </Alert>
      )}

      {isEmpty && filtered ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="sm" py="md">
            <Title order={2} size="h4">
              {t('tokens.noMatchTitle')}
            </Title>
            <Text c="dimmed" size="sm" ta="center">
              {t('tokens.noMatchBody')}
            </Text>
            <Button
              variant="default"
              onClick={() => setView({ search: '', status: null, page: 1 })}
            >
              {t('tokens.clearFilters')}
            </Button>
          </Stack>
        </Paper>
      ) : isEmpty ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="sm" py="lg">
            <ThemeIcon size={48} radius="xl" variant="light">
              <IconKey width={24} height={24} />
            </ThemeIcon>
            <Title order={2} size="h4">
              {t('tokens.emptyTitle')}
            </Title>
            <Text c="dimmed" size="sm" ta="center" maw={360}>
              {t('tokens.emptyBody')}
            </Text>
            <Button leftSection={<IconPlus />} onClick={() => setDialog({ kind: 'create' })}>
              {t('tokens.emptyAction')}
            </Button>
          </Stack>
        </Paper>
      ) : (
        !(list.isError && !list.data) && (
          <Paper withBorder={!phone} radius="md" p={phone ? 0 : 'xs'}>
            <ListView
              tokens={shownTokens}
              skeletonRows={Math.min(view.size, 20)}
              now={now}
              handlers={handlers}
              selected={selectedIds}
              onSelect={onSelect}
              onSelectPage={onSelectPage}
              order={view.order}
              onSort={(field) => setView({ order: nextOrder(view.order, field), page: 1 })}
              onOrder={(order) => setView({ order, page: 1 })}
            />
          </Paper>
        )
      )}

      {list.data && !isEmpty && (
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            {backend.pageSizes && (
              <NativeSelect
                aria-label={t('tokens.pageSize')}
                data={backend.pageSizes.map(String)}
                value={String(view.size)}
                onChange={({ currentTarget: { value } }) =>
                  setView({ size: Number(value), page: 1 })
                }
                w={80}
                size="xs"
              />
            )}
            <Text size="sm" c="dimmed">
              {knownTotal === null
                ? t('tokens.pageOpen', { page: view.page })
                : t('tokens.range', {
                    from: from.toLocaleString(locale),
                    to: to.toLocaleString(locale),
                    total: total.toLocaleString(locale),
                  })}
            </Text>
            {list.data.scanned !== null && (
              <Text size="xs" c="dimmed">
                {t('tokens.scanned', { count: list.data.scanned })}
              </Text>
            )}
          </Group>
          {knownTotal === null ? (
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                disabled={view.page <= 1}
                onClick={() => setView({ page: view.page - 1 })}
              >
                {t('tokens.previous')}
              </Button>
              <Button
                size="xs"
                variant="default"
                disabled={!list.data.hasNext}
                onClick={() => setView({ page: view.page + 1 })}
              >
                {t('tokens.next')}
              </Button>
            </Group>
          ) : (
            <Pagination
              total={pages}
              value={Math.min(view.page, pages)}
              onChange={(page) => setView({ page })}
              size="sm"
              siblings={phone ? 0 : 1}
              aria-label={t('tokens.pagination')}
              getControlProps={(control) => ({
                'aria-label': t(control === 'previous' ? 'tokens.previousPage' : 'tokens.nextPage'),
              })}
            />
          )}
        </Group>
      )}

      <LazyBoundary>
        {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
          <TokenFormModal
            token={dialog.kind === 'edit' ? dialog.token : null}
            onClose={() => setDialog(null)}
            onSubmit={submitForm}
          />
        )}
        {dialog?.kind === 'bulk' && (
          <BulkDialog
            kind={dialog.action}
            tokens={dialog.tokens}
            onClose={() => setDialog(null)}
            onFinished={bulkFinished}
          />
        )}
      </LazyBoundary>
      {dialog?.kind === 'new-keys' && (
        <NewKeyDialog created={dialog.created} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteTokenDialog
          token={dialog.token}
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await deleteToken.mutateAsync(dialog.token);
            succeed(t('notify.deleted', { name: dialog.token.name }));
            setDialog(null);
          }}
        />
      )}
    </Stack>
  );
}

import '../../lib/i18n/en-signed-in';
import { Button, Group, NativeSelect, Pagination, Text } from '@mantine/core';
import type { TokenListPage } from '../../api/backend';
import { useBackend } from '../../api/backend-context';
import { useI18n } from '../../components/i18n';
import type { ListView } from './list-view/list-view-params';
import type { SetListView } from './list-view/use-list-view';

/** Numbered pages where the server gives a whole total; Previous and Next where it does not. */
function PageLinks({
  list,
  view,
  setView,
  phone,
}: {
  list: TokenListPage;
  view: ListView;
  setView: SetListView;
  phone: boolean;
}) {
  const { t } = useI18n();
  if (list.total === null || list.totalCapped) {
    return (
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
          disabled={!list.hasNext}
          onClick={() => setView({ page: view.page + 1 })}
        >
          {t('tokens.next')}
        </Button>
      </Group>
    );
  }
  const pages = Math.max(1, Math.ceil(list.total / list.pageSize));
  return (
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
  );
}

/** Below the list: page size, which rows are shown, whether every token was fetched, pages. */
export function ListFooter(props: {
  list: TokenListPage;
  view: ListView;
  setView: SetListView;
  phone: boolean;
}) {
  const { list, view, setView } = props;
  const { t, locale } = useI18n();
  const { pageSizes } = useBackend();
  const total = list.total ?? 0;
  // The page's own size: a server with one fixed size may give fewer than the view asks.
  const from = list.items.length === 0 ? 0 : (view.page - 1) * list.pageSize + 1;
  const to = from === 0 ? 0 : from + list.items.length - 1;
  return (
    <Group justify="space-between" gap="sm">
      <Group gap="xs">
        {pageSizes && (
          <NativeSelect
            aria-label={t('tokens.pageSize')}
            data={pageSizes.map(String)}
            value={String(view.size)}
            onChange={({ currentTarget: { value } }) => setView({ size: Number(value), page: 1 })}
            w={80}
            size="xs"
          />
        )}
        <Text size="sm" c="dimmed">
          {list.total === null
            ? t('tokens.pageOpen', { page: view.page })
            : t(list.totalCapped ? 'tokens.rangeMore' : 'tokens.range', {
                from: from.toLocaleString(locale),
                to: to.toLocaleString(locale),
                total: total.toLocaleString(locale),
              })}
        </Text>
        {list.scanned !== null && (
          <Text size="xs" c="dimmed">
            {t(list.partialScan ? 'tokens.scannedPartial' : 'tokens.scanned', {
              count: list.scanned,
            })}
          </Text>
        )}
      </Group>
      <PageLinks {...props} />
    </Group>
  );
}

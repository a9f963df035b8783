import '../../lib/i18n/en-signed-in';
import { Group, NativeSelect } from '@mantine/core';
import type { Ref } from 'react';
import { TokenStatus, type TokenStatusCode } from '../../contract/token';
import { useI18n } from '../../components/i18n';
import type { ListView } from './list-view/list-view-params';
import type { SetListView } from './list-view/use-list-view';
import { SearchBox } from './search-box';

const STATUSES = Object.values(TokenStatus);

/** The search box and the status filter. */
export function ListFilters({
  view,
  setView,
  searchRef,
  phone,
}: {
  view: ListView;
  setView: SetListView;
  searchRef: Ref<HTMLInputElement>;
  phone: boolean;
}) {
  const { t } = useI18n();
  return (
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
          ...STATUSES.map((code) => ({ value: String(code), label: t(`status.${code}`) })),
        ]}
      />
    </Group>
  );
}

import '../../lib/i18n/en-parts';
import '../../lib/i18n/en-signed-in';
import { Button, Group, Pagination, Text } from '@mantine/core';
import type { AuditPage } from '../../contract/audit';
import { auditHasNext } from '../../components/audit/use-audit';
import { useI18n } from '../../components/i18n';

/**
 * Which records are shown, and the pages: numbered while the total is exact, Previous and Next
 * past the count's cap, where the last page is not known.
 */
export function AuditFooter({
  page,
  onPage,
  phone,
}: {
  page: AuditPage;
  onPage: (page: number) => void;
  phone: boolean;
}) {
  const { t, locale } = useI18n();
  const from = page.items.length === 0 ? 0 : (page.page - 1) * page.page_size + 1;
  const to = from === 0 ? 0 : from + page.items.length - 1;
  const pages = Math.max(1, Math.ceil(page.total / page.page_size));
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed">
        {t(page.total_capped ? 'tokens.rangeMore' : 'tokens.range', {
          from: from.toLocaleString(locale),
          to: to.toLocaleString(locale),
          total: page.total.toLocaleString(locale),
        })}
      </Text>
      {page.total_capped ? (
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            disabled={page.page <= 1}
            onClick={() => onPage(page.page - 1)}
          >
            {t('tokens.previous')}
          </Button>
          <Button
            size="xs"
            variant="default"
            disabled={!auditHasNext(page)}
            onClick={() => onPage(page.page + 1)}
          >
            {t('tokens.next')}
          </Button>
        </Group>
      ) : (
        <Pagination
          total={pages}
          value={Math.min(page.page, pages)}
          onChange={onPage}
          size="sm"
          siblings={phone ? 0 : 1}
          aria-label={t('audit.pagination')}
          getControlProps={(control) => ({
            'aria-label': t(control === 'previous' ? 'tokens.previousPage' : 'tokens.nextPage'),
          })}
        />
      )}
    </Group>
  );
}

import { Table, Text } from '@mantine/core';
import type { UsageFigures } from '../../contract/usage';
import { DetailsLink } from '../../components/details-link';
import { useI18n } from '../../components/i18n';
import { QuotaAmount } from '../../components/quota';
import { numberFormat } from '../../lib/intl-cache';

/** The tokens that spent most in the range; each name opens that token's details. */
export function TopTokens({ rows }: { rows: NonNullable<UsageFigures['top_tokens']> }) {
  const { t, locale } = useI18n();
  const count = numberFormat(locale);
  return (
    <Table striped verticalSpacing={6}>
      <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>
        <Text span fw={600} size="sm">
          {t('usage.topTokens')}
        </Text>
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={40}>#</Table.Th>
          <Table.Th>{t('tokens.col.name')}</Table.Th>
          <Table.Th ta="end">{t('usage.requests')}</Table.Th>
          <Table.Th ta="end">{t('usage.spent')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={4}>
              <Text size="sm" c="dimmed">
                {t('usage.noTopTokens')}
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
        {rows.map((row, index) => (
          <Table.Tr key={`${row.token_id}:${row.name}`}>
            <Table.Td>{index + 1}</Table.Td>
            <Table.Td dir="auto">
              {row.token_id > 0 ? (
                <DetailsLink id={row.token_id}>{row.name}</DetailsLink>
              ) : (
                row.name
              )}
            </Table.Td>
            <Table.Td ta="end">{count.format(row.requests)}</Table.Td>
            <Table.Td ta="end">
              <QuotaAmount units={row.quota} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

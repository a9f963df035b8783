import '../../lib/i18n/en-parts';
import '../../lib/i18n/en-signed-in';
import { Text } from '@mantine/core';
import type { UsageFigures } from '../../contract/usage';
import { DetailsLink } from '../../components/details-link';
import { useI18n } from '../../components/i18n';
import { QuotaAmount } from '../../components/quota';
import { FiguresTable } from '../../components/usage/figures-table';
import { numberFormat } from '../../lib/intl-cache';

/** The tokens that spent most in the range; each name opens that token's details. */
export function TopTokens({ rows }: { rows: NonNullable<UsageFigures['top_tokens']> }) {
  const { t, locale } = useI18n();
  const count = numberFormat(locale);
  return (
    <>
      <FiguresTable
        caption={t('usage.topTokens')}
        verticalSpacing={6}
        leading={2}
        head={[t('usage.rank'), t('tokens.col.name'), t('usage.requests'), t('usage.spent')]}
        rows={rows.map((row, index) => ({
          key: `${row.token_id}:${row.name}`,
          cells: [
            index + 1,
            // A gateway's log may name a token no longer there, or one of several of that name.
            row.token_id > 0 ? (
              <DetailsLink key="name" id={row.token_id}>
                {row.name}
              </DetailsLink>
            ) : (
              row.name
            ),
            count.format(row.requests),
            <QuotaAmount key="quota" units={row.quota} />,
          ],
        }))}
      />
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('usage.noTopTokens')}
        </Text>
      )}
    </>
  );
}

import '../../components/part-styles';
import { Table, Text, VisuallyHidden } from '@mantine/core';
import { useI18n } from '../../components/i18n';
import { ModelActions } from './model-actions';
import type { ModelListViewProps } from './model-list-view';
import { ModelName } from './model-name';
import { ModelPrice } from './model-price';
import { ModelStatus } from './model-status';
import { upstreamHost } from './price-text';

/**
 * The models as a table: name, upstream host (never the key), prices, and whether clients may
 * call it; with Test, Edit and Delete for a key that may manage them (`handlers`).
 */
export function ModelTable({ models, handlers }: ModelListViewProps) {
  const { t } = useI18n();
  return (
    <Table.ScrollContainer minWidth={handlers ? 820 : 640}>
      <Table aria-label={t('models.list')} verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('models.col.name')}</Table.Th>
            <Table.Th>{t('models.col.upstream')}</Table.Th>
            <Table.Th>{t('models.col.input')}</Table.Th>
            <Table.Th>{t('models.col.output')}</Table.Th>
            <Table.Th>{t('models.col.status')}</Table.Th>
            {handlers && (
              <Table.Th>
                <VisuallyHidden>{t('models.col.actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {models.map((model) => (
            <Table.Tr key={model.id}>
              <Table.Td>
                <ModelName model={model} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {upstreamHost(model.upstream_url)}
                </Text>
              </Table.Td>
              <Table.Td>
                <ModelPrice usdPerMillion={model.input_price} />
              </Table.Td>
              <Table.Td>
                <ModelPrice usdPerMillion={model.output_price} />
              </Table.Td>
              <Table.Td>
                <ModelStatus enabled={model.enabled} />
              </Table.Td>
              {handlers && (
                <Table.Td>
                  <ModelActions model={model} handlers={handlers} size="md" />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

import { Card, Group, Stack, Text } from '@mantine/core';
import { CardField, CardFields } from '../../components/card-field';
import { useI18n } from '../../components/i18n';
import { ModelActions } from './model-actions';
import type { ModelListViewProps } from './model-list-view';
import { ModelName } from './model-name';
import { ModelPrice } from './model-price';
import { ModelStatus } from './model-status';
import { upstreamHost } from './price-text';

/** The models as cards, for a phone: the table's figures, and its buttons where allowed. */
export function ModelCards({ models, handlers }: ModelListViewProps) {
  const { t } = useI18n();
  return (
    <Stack gap="sm">
      {models.map((model) => (
        <Card
          key={model.id}
          withBorder
          radius="md"
          padding="md"
          component="article"
          aria-label={model.name}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <ModelName model={model} />
            <ModelStatus enabled={model.enabled} />
          </Group>
          <Stack mt="sm">
            <CardField label={t('models.col.upstream')}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {upstreamHost(model.upstream_url)}
              </Text>
            </CardField>
          </Stack>
          <CardFields
            mt="xs"
            fields={[
              {
                label: t('models.col.input'),
                value: <ModelPrice usdPerMillion={model.input_price} />,
              },
              {
                label: t('models.col.output'),
                value: <ModelPrice usdPerMillion={model.output_price} />,
              },
            ]}
          />
          {handlers && (
            <Group justify="flex-end" mt="xs">
              <ModelActions model={model} handlers={handlers} size="lg" />
            </Group>
          )}
        </Card>
      ))}
    </Stack>
  );
}

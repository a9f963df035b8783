import { Card, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Model } from '../../contract/model';
import { useI18n } from '../../components/i18n';
import { ModelActions, type ModelActionHandlers } from './model-actions';
import { ModelName } from './model-name';
import { ModelPrice } from './model-price';
import { ModelStatus } from './model-status';
import { upstreamHost } from './price-text';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/** The models as cards, for a phone: the table's figures, and its buttons where allowed. */
export function ModelCards({
  models,
  handlers,
}: {
  models: Model[];
  handlers: ModelActionHandlers | null;
}) {
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
            <Field label={t('models.col.upstream')}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {upstreamHost(model.upstream_url)}
              </Text>
            </Field>
          </Stack>
          <Group grow mt="xs" align="flex-start" gap="xs">
            <Field label={t('models.col.input')}>
              <ModelPrice usdPerMillion={model.input_price} />
            </Field>
            <Field label={t('models.col.output')}>
              <ModelPrice usdPerMillion={model.output_price} />
            </Field>
          </Group>
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

import { Text } from '@mantine/core';
import type { Model } from '../../contract/model';
import { useI18n } from '../../components/i18n';

/** The name clients send, and beneath it the one sent upstream where that differs. */
export function ModelName({ model }: { model: Model }) {
  const { t } = useI18n();
  return (
    <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
      <Text size="sm" fw={600} component="div">
        {model.name}
      </Text>
      {model.upstream_model !== model.name && (
        <Text size="xs" c="dimmed">
          {t('models.sentAs', { name: model.upstream_model })}
        </Text>
      )}
    </div>
  );
}

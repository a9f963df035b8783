import { Button, Group, Text } from '@mantine/core';
import type { Ref } from 'react';
import { useAccess } from '../../../components/access';
import { useI18n } from '../../../components/i18n';
import { IconChat } from '../../../components/icons';

/**
 * The way into Try it from a token's details; for a key whose role may not reveal keys, the
 * button is there but off, with the reason beside it.
 */
export function TryItEntry({
  onOpen,
  buttonRef,
}: {
  onOpen: () => void;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  const { t } = useI18n();
  const { may, identity } = useAccess();
  const allowed = may('tokens.reveal');
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <Button
        ref={buttonRef}
        variant="light"
        leftSection={<IconChat />}
        onClick={onOpen}
        disabled={!allowed}
        aria-describedby="try-it-about"
        style={{ flexShrink: 0 }}
      >
        {t('tryIt.open')}
      </Button>
      <Text size="sm" c="dimmed" id="try-it-about">
        {allowed
          ? t('tryIt.intro')
          : t('tryIt.needsReveal', { role: identity ? t(`role.${identity.role}`) : '' })}
      </Text>
    </Group>
  );
}

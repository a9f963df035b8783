import '../../../lib/i18n/en-signed-in';
import '../../../components/part-styles';
import { Alert, Box, Button, Group, Select, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ChatRefusal, isChatRefusal } from '../../../api/chat-refusal';
import { describeError } from '../../../components/describe-error';
import { useI18n } from '../../../components/i18n';
import type { Token } from '../../../contract/token';
import { StatusBadge } from '../status-badge';
import { Composer } from './composer';
import { ConversationView } from './conversation-view';
import { RefusalAlert } from './refusal-alert';
import { useAmountText } from './reply-facts';
import { tryItKeys } from './try-it-keys';
import classes from './try-it.module.css';
import { useChatModels } from './use-chat-models';
import { useConversation } from './use-conversation';
import { useTryKey } from './use-try-key';

/**
 * Try a token's key as its clients would: the models it may use, a conversation whose answers
 * stream in, what each reply cost, the quota left, and any refusal in the words a client gets.
 * Only for a key whose role may reveal keys: the caller says why not to the others.
 */
export default function TryItPanel({
  token,
  onEdit,
}: {
  token: Token;
  /** Opens the token's form; absent where the key's role may not change the token. */
  onEdit?: () => void;
}) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const amount = useAmountText();
  const key = useTryKey(token.id, true);
  const models = useChatModels(token, key.data);
  const [picked, setPicked] = useState<string | null>(null);
  const offered = models.data ?? [];
  const model = picked !== null && offered.includes(picked) ? picked : (offered[0] ?? null);
  const chat = useConversation(token.id, key.data);
  const revealAgain = () => void queryClient.resetQueries({ queryKey: tryItKeys.all(token.id) });
  const modelsRefusal = models.isError
    ? isChatRefusal(models.error)
      ? models.error
      : new ChatRefusal('unexpected', models.error.message)
    : null;

  return (
    <div className={classes.panel}>
      {/* The quota and Clear move under the model where the width is short. */}
      <Group gap="sm" align="flex-end" justify="space-between">
        <Select
          label={t('tryIt.model')}
          data={offered}
          value={model}
          onChange={setPicked}
          allowDeselect={false}
          searchable={offered.length > 8}
          disabled={offered.length === 0}
          placeholder={models.isPending && key.data ? t('tryIt.modelsLoading') : undefined}
          comboboxProps={{ withinPortal: false }}
          style={{ flex: '1 0 10rem', maxWidth: '15rem' }}
        />
        <Group gap="sm" wrap="nowrap">
          <div role="status" aria-label={t('tryIt.left')}>
            <Group gap={6} wrap="nowrap">
              <Text size="xs" c="dimmed">
                {t('tryIt.left')}
              </Text>
              <Box visibleFrom="xs">
                <StatusBadge status={token.status} />
              </Box>
            </Group>
            <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
              {token.unlimited_quota ? t('quota.unlimited') : amount(token.remain_quota)}
            </Text>
          </div>
          <Button
            variant="default"
            onClick={chat.clear}
            disabled={chat.turns.length === 0 || chat.busy}
          >
            {t('tryIt.clear')}
          </Button>
        </Group>
      </Group>
      {key.isPending && (
        <Text size="sm" c="dimmed">
          {t('tryIt.revealing')}
        </Text>
      )}
      {key.isError && (
        <Alert color="red" variant="light" title={t('tryIt.revealFailed')}>
          {describeError(key.error, t)}
        </Alert>
      )}
      {modelsRefusal && (
        <RefusalAlert refusal={modelsRefusal} onEdit={onEdit} onRevealAgain={revealAgain} />
      )}
      {models.data?.length === 0 && (
        <Alert color="yellow" variant="light">
          {t('tryIt.noModels')}
        </Alert>
      )}
      <ConversationView
        turns={chat.turns}
        busy={chat.busy}
        onEdit={onEdit}
        onRevealAgain={revealAgain}
      />
      <Composer
        ready={key.data !== undefined && model !== null}
        busy={chat.busy}
        onSend={(text) => chat.send(text, model!)}
        onStop={chat.stop}
      />
    </div>
  );
}

import { Alert, Divider, Drawer, Skeleton, Stack, Title } from '@mantine/core';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { describeError } from '../../../components/describe-error';
import { useI18n } from '../../../components/i18n';
import { useBackend } from '../../../api/backend-context';
import { isApiError } from '../../../api/errors';
import { UsagePanel } from '../../../components/usage/usage-panel';
import { useNow } from '../../../components/use-now';
import { useReturnFocus } from '../../../components/use-return-focus';
import { LazyBoundary, lazyPart } from '../../../components/lazy-boundary';
import { useTokenDetail } from '../api/token-detail';
import { useTokenFormSubmit } from '../use-token-form-submit';
import { RotateKeyDialog } from './rotate-key-dialog';
import { TokenFacts, TokenLifecycle } from './token-facts';
import { TokenHistory } from './token-history';

const TokenFormModal = lazyPart(() => import('../token-form-modal'));

/**
 * One token: its fields, what it spent and on which models, its key's lifecycle, and the changes
 * made to it. Opened by the address (?details=ID), so the view can be copied and opened again;
 * the key never is in it.
 */
export default function TokenDetailsDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useI18n();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const now = useNow();
  const backend = useBackend();
  const detail = useTokenDetail(id);
  const [rotating, setRotating] = useState(false);
  const [editing, setEditing] = useState(false);
  useReturnFocus(rotating || editing);
  const token = detail.data;
  // The token form as the table opens it; a saved edit closes it onto the refreshed details.
  const submitEdit = useTokenFormSubmit(editing && token ? { kind: 'edit', token } : null, () =>
    setEditing(false),
  );

  return (
    <>
      <Drawer
        opened
        onClose={onClose}
        position="right"
        size={phone ? '100%' : 'xl'}
        title={token ? t('details.title', { name: token.name }) : t('details.titleLoading')}
        styles={{ title: { overflowWrap: 'anywhere', fontWeight: 700 } }}
        closeButtonProps={{ 'aria-label': t('action.close') }}
        // A dialog opens over the drawer; its own Escape must not close both.
        closeOnEscape={!rotating && !editing}
      >
        {detail.isPending && <Skeleton h={240} radius="md" />}
        {detail.isError && (
          <Alert color="red" variant="light" role="alert" title={t('details.failed')}>
            {isApiError(detail.error) && detail.error.status === 404
              ? t('details.notFound', { id })
              : describeError(detail.error, t)}
          </Alert>
        )}
        {token && (
          <Stack gap="lg">
            <TokenFacts token={token} now={now} />
            <Divider />
            <TokenLifecycle
              token={token}
              now={now}
              onRotate={() => setRotating(true)}
              onEdit={() => setEditing(true)}
            />
            <Divider />
            <Stack gap="xs" component="section" aria-labelledby="token-usage-title">
              <Title order={3} size="h5" id="token-usage-title">
                {t('details.usage')}
              </Title>
              <UsagePanel
                scope={{ id: token.id, name: token.name }}
                chartHeight={phone ? 180 : 220}
              />
            </Stack>
            <Divider />
            <TokenHistory tokenId={token.id} now={now} />
          </Stack>
        )}
      </Drawer>
      {editing && token && (
        <LazyBoundary>
          <TokenFormModal token={token} onClose={() => setEditing(false)} onSubmit={submitEdit} />
        </LazyBoundary>
      )}
      {rotating && token && backend.rotate && (
        <RotateKeyDialog
          token={token}
          rotateKey={backend.rotate}
          onClose={() => setRotating(false)}
        />
      )}
    </>
  );
}

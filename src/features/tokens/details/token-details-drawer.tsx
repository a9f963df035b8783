import '../../../lib/i18n/en-parts';
import '../../../components/part-styles';
import { Alert, Button, Divider, Drawer, Skeleton, Stack, Title } from '@mantine/core';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { describeError } from '../../../components/describe-error';
import { useAccess } from '../../../components/access';
import { useI18n, useTexts } from '../../../components/i18n';
import { IconBack } from '../../../components/icons';
import { LazyBoundary, lazyPart } from '../../../components/lazy-boundary';
import { useBackend } from '../../../api/backend-context';
import { isApiError } from '../../../api/errors';
import { UsagePanel } from '../../../components/usage/usage-panel';
import { useNow } from '../../../components/use-now';
import { useReturnFocus } from '../../../components/use-return-focus';
import { useTokenDetail } from '../api/token-detail';
import { TokenDialogs, type TokenDialog } from '../token-dialogs';
import { TryItEntry } from '../try-it/try-it-entry';
import { useRowActions } from '../use-row-actions';
import { RotateKeyDialog } from './rotate-key-dialog';
import { TokenDetailActions } from './token-detail-actions';
import { TokenFacts, TokenLifecycle } from './token-facts';
import { TokenEvents } from './token-events';
import { TokenHistory } from './token-history';

import tryIt from '../try-it/try-it.module.css';
import { tryItTexts } from '../../../lib/i18n/en-try-it';

const TryItPanel = lazyPart(() => import('../try-it/try-it-panel'));

/**
 * One token: what can be done to it, its fields, what it spent and on which models, its key's
 * lifecycle, and the changes made to it; or Try it, in place of all that. Opened by the address
 * (?details=ID), so the view can be copied and opened again; the key never is in it.
 */
export default function TokenDetailsDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  useTexts(tryItTexts);
  const { t } = useI18n();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const now = useNow();
  const backend = useBackend();
  const detail = useTokenDetail(id);
  const { may } = useAccess();
  const [rotating, setRotating] = useState(false);
  // Once opened, Try it stays (hidden behind the details): its conversation is kept.
  const [trying, setTrying] = useState(false);
  const [tried, setTried] = useState(false);
  const tryItButton = useRef<HTMLButtonElement>(null);
  const backButton = useRef<HTMLButtonElement>(null);
  // Focus goes to where the person now is: the way back, or the way in again.
  useEffect(() => {
    if (tried) (trying ? backButton : tryItButton).current?.focus();
  }, [trying, tried]);
  // The row's actions and dialogs, as the table has them; a saved edit closes onto the details.
  const [dialog, setDialog] = useState<TokenDialog>(null);
  const handlers = useRowActions(setDialog);
  useReturnFocus(rotating);
  const token = detail.data;

  return (
    <>
      <Drawer
        opened
        onClose={onClose}
        position="right"
        size={phone ? '100%' : 'xl'}
        title={token ? t('details.title', { name: token.name }) : t('details.titleLoading')}
        styles={{ title: { overflowWrap: 'anywhere', fontWeight: 700 } }}
        // A dialog opens over the drawer; its own Escape must not close both.
        closeOnEscape={!rotating && dialog === null}
      >
        {detail.isPending && <Skeleton h={240} radius="md" />}
        {detail.isError && (
          <Alert color="red" variant="light" role="alert" title={t('details.failed')}>
            {isApiError(detail.error) && detail.error.status === 404
              ? t('details.notFound', { id })
              : describeError(detail.error, t)}
          </Alert>
        )}
        {token && tried && (
          <div className={tryIt.inDrawer} style={trying ? undefined : { display: 'none' }}>
            <Button
              ref={backButton}
              variant="subtle"
              leftSection={<IconBack />}
              onClick={() => setTrying(false)}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('tryIt.back')}
            </Button>
            <LazyBoundary>
              <TryItPanel
                token={token}
                onEdit={may('tokens.update') ? () => handlers.onEdit(token) : undefined}
              />
            </LazyBoundary>
          </div>
        )}
        {token && (
          <Stack gap="lg" display={trying ? 'none' : undefined}>
            <TokenDetailActions
              token={token}
              handlers={handlers}
              onRotate={() => setRotating(true)}
            />
            <TryItEntry
              buttonRef={tryItButton}
              onOpen={() => {
                setTried(true);
                setTrying(true);
              }}
            />
            <TokenFacts token={token} now={now} />
            <Divider />
            <TokenLifecycle token={token} now={now} />
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
            <TokenEvents tokenId={token.id} now={now} />
            <Divider />
            <TokenHistory tokenId={token.id} now={now} />
          </Stack>
        )}
      </Drawer>
      {/* A deleted token has no details left to show. */}
      <TokenDialogs dialog={dialog} onDialog={setDialog} onDeleted={onClose} />
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

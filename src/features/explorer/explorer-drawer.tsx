import '../../components/part-styles';
import { Alert, Button, Drawer, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Drawer.css';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useExchange } from '../../api/exchange-context';
import { useI18n, useTexts } from '../../components/i18n';
import { serverKindName } from '../../components/server-kind';
import { groupByResource, offeredOperations } from './offered-operations';
import { OperationList } from './operation-list';
import { OperationPanel } from './operation-panel';
import classes from './explorer.module.css';
import { explorerTexts } from '../../lib/i18n/en-explorer';

/** On wide screens the drawer's body holds two panes that scroll on their own. */
const SPLIT_STYLES = {
  content: { display: 'flex', flexDirection: 'column' },
  body: { flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column', paddingBottom: 0 },
} as const;

/**
 * Every operation of the API, with a form made from its schemas, sent with the session's key.
 * On a phone the list and the chosen operation take the screen in turn.
 */
export default function ExplorerDrawer({ onClose }: { onClose: () => void }) {
  useTexts(explorerTexts);
  const { t } = useI18n();
  const { connection } = useExchange();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const operations = useMemo(() => offeredOperations(connection.kind), [connection.kind]);
  const [selectedId, setSelectedId] = useState<string | null>(
    phone ? null : (operations[0]?.id ?? null),
  );
  const [cameBackFrom, setCameBackFrom] = useState<string | null>(null);
  const selected = operations.find((operation) => operation.id === selectedId) ?? null;
  const gateway = connection.kind !== 'tokendesk';
  // A server sharing none of the routes (LiteLLM) gets the note alone.
  const none = operations.length === 0;

  const intro = (
    <Stack gap="sm" mb="md">
      <Text size="sm" c="dimmed">
        {t('explorer.intro')}
      </Text>
      {gateway && (
        <Alert
          role="note"
          color="blue"
          variant="light"
          title={
            none
              ? t('explorer.liteLlmTitle')
              : t('explorer.gatewayTitle', { kind: serverKindName(connection.kind) })
          }
        >
          {none
            ? t('explorer.liteLlmBody')
            : t('explorer.gatewayBody', { kind: serverKindName(connection.kind) })}
        </Alert>
      )}
    </Stack>
  );
  const list = (
    <OperationList
      groups={groupByResource(operations)}
      selectedId={selectedId}
      onSelect={setSelectedId}
      referenceUrl={gateway ? null : `${connection.baseUrl}/api/docs`}
      focusId={cameBackFrom}
    />
  );
  const panel = selected ? (
    <OperationPanel key={selected.id} operation={selected} focusOnOpen={phone} />
  ) : (
    <Text size="sm" c="dimmed">
      {t('explorer.choose')}
    </Text>
  );

  return (
    <Drawer
      opened
      onClose={onClose}
      title={t('explorer.title')}
      position="right"
      size={phone ? '100%' : '64rem'}
      styles={phone ? undefined : SPLIT_STYLES}
    >
      {none ? (
        intro
      ) : phone ? (
        selected ? (
          <Stack gap="md" align="stretch">
            <Button
              variant="subtle"
              onClick={() => {
                setCameBackFrom(selectedId);
                setSelectedId(null);
              }}
              style={{ alignSelf: 'flex-start' }}
            >
              {t('explorer.back')}
            </Button>
            {panel}
          </Stack>
        ) : (
          <>
            {intro}
            {list}
          </>
        )
      ) : (
        <>
          {intro}
          <div className={classes.split}>
            <div className={classes.listPane}>{list}</div>
            <div className={classes.operationPane}>{panel}</div>
          </div>
        </>
      )}
    </Drawer>
  );
}

import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useBackend } from '../../api/backend-context';
import { fetchAllTokens, type ExportFilter } from './api/export-tokens';
import { describeError } from '../../components/describe-error';
import { useI18n } from '../../components/i18n';
import { LazyBoundary, lazyPart } from '../../components/lazy-boundary';
import { useQuota } from '../../components/quota';
import { download, tokensToCsv, tokensToJson } from './export-format';
import type { ExportProgress } from './export-progress-dialog';

// Closed until an export runs: the list's first paint does without it.
const ExportProgressDialog = lazyPart(() => import('./export-progress-dialog'));

/** Exports every token matching the current filter, fetched page by page. */
export function ExportMenu({ params }: { params: ExportFilter }) {
  const { t } = useI18n();
  const backend = useBackend();
  const { quotaPerUnit } = useQuota();
  const [progress, setProgress] = useState<ExportProgress | null>(null);

  const run = async (format: 'csv' | 'json') => {
    setProgress({ loaded: 0, total: 0 });
    try {
      const tokens = await fetchAllTokens(backend, params, (loaded, total) =>
        setProgress({ loaded, total }),
      );
      const stamp = new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
      if (format === 'csv') {
        download(
          `tokens-${stamp}.csv`,
          tokensToCsv(tokens, quotaPerUnit),
          'text/csv;charset=utf-8',
        );
      } else {
        download(`tokens-${stamp}.json`, tokensToJson(tokens, quotaPerUnit), 'application/json');
      }
      notifications.show({ color: 'teal', message: t('export.done', { count: tokens.length }) });
    } catch (error) {
      notifications.show({
        color: 'red',
        title: t('export.failed'),
        message: describeError(error, t),
      });
    } finally {
      setProgress(null);
    }
  };

  return (
    <>
      <Menu position="bottom-end">
        <Menu.Target>
          <Button variant="default">{t('export.button')}</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('export.hint')}</Menu.Label>
          <Menu.Item onClick={() => run('csv')}>{t('export.csv')}</Menu.Item>
          <Menu.Item onClick={() => run('json')}>{t('export.json')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {/* Mounted from the start, so it opens with its transition once the part is here. */}
      <LazyBoundary>
        <ExportProgressDialog progress={progress} />
      </LazyBoundary>
    </>
  );
}

import '../../lib/i18n/en-signed-in';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useBackend } from '../../api/backend-context';
import { fetchAllTokens, type ExportFilter } from './api/export-tokens';
import { ControlFirst } from '../../components/control-first';
import { describeError } from '../../components/describe-error';
import { useI18n } from '../../components/i18n';
import { LazyBoundary, lazyPart, partAhead } from '../../components/lazy-boundary';
import { useQuota } from '../../components/quota';
import { useIdle } from '../../components/use-idle';
import { download, tokensToCsv, tokensToJson } from './export-format';
import type { ExportProgress } from './export-progress-dialog';

// Neither is on the list's first paint: parts of their own, fetched once the page is idle.
const exportChoices = partAhead(() => import('./export-choices').then((part) => part.default));
const ExportProgressDialog = lazyPart(() => import('./export-progress-dialog'));

/** Exports every token matching the current filter, fetched page by page. */
export function ExportMenu({ params }: { params: ExportFilter }) {
  const { t } = useI18n();
  const backend = useBackend();
  const { quotaPerUnit } = useQuota();
  const idle = useIdle();
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
      <ControlFirst
        opens="menu"
        control={<Button variant="default">{t('export.button')}</Button>}
        part={exportChoices}
        props={{ onExport: run }}
      />
      {/* Mounted once idle, before an export starts, so that it opens with its transition. */}
      {(idle || progress !== null) && (
        <LazyBoundary>
          <ExportProgressDialog progress={progress} />
        </LazyBoundary>
      )}
    </>
  );
}

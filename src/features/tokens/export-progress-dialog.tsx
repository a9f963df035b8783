import '../../lib/i18n/en-parts';
import '../../components/part-styles';
import { Modal, Progress, Stack, Text } from '@mantine/core';
import { useI18n } from '../../components/i18n';

export interface ExportProgress {
  loaded: number;
  /** null where the server does not count. */
  total: number | null;
}

/** How far an export has fetched its tokens, while it runs; it cannot be closed meanwhile. */
export default function ExportProgressDialog({ progress }: { progress: ExportProgress | null }) {
  const { t } = useI18n();
  return (
    <Modal
      opened={progress !== null}
      onClose={() => undefined}
      withCloseButton={false}
      title={t('export.running')}
    >
      <Stack gap={6}>
        <Progress
          value={progress && progress.total ? (progress.loaded / progress.total) * 100 : 0}
          aria-label={t('export.running')}
          animated
        />
        <Text size="sm" c="dimmed">
          {progress?.total === null
            ? t('export.progressOpen', { loaded: progress.loaded })
            : t('export.progress', {
                loaded: progress?.loaded ?? 0,
                total: progress?.total ?? 0,
              })}
        </Text>
      </Stack>
    </Modal>
  );
}

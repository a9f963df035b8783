import { Badge } from '@mantine/core';
import { useI18n } from '../../components/i18n';
import classes from './model-status.module.css';

/** Whether clients may call the model: a switched-off model answers as one that does not exist. */
export function ModelStatus({ enabled }: { enabled: boolean }) {
  const { t } = useI18n();
  return (
    <Badge
      className={enabled ? classes.on : classes.off}
      color="var(--status-color)"
      variant="dot"
      radius="sm"
      tt="none"
      miw="max-content"
    >
      {t(enabled ? 'models.on' : 'models.off')}
    </Badge>
  );
}

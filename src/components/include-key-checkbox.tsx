import '../lib/i18n/en-parts';
import { Checkbox } from '@mantine/core';
import { useI18n } from './i18n';

/** Whether a copied curl command holds the admin key itself or reads $ADMIN_KEY from the shell. */
export function IncludeKeyCheckbox({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const { t } = useI18n();
  return (
    <Checkbox
      label={t('activity.includeKey')}
      description={t('activity.includeKeyHint')}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

import '../../lib/i18n/en-parts';
import type { AdminKey } from '../../contract/admin-key';
import { useI18n } from '../../components/i18n';
import { KeyShownOnce } from '../../components/key-shown-once';
import { CopyAction, WholeKey } from '../../components/whole-key';

/** The new admin key whole, this once, as a new token's is shown. */
export function AdminKeyCreatedModal({
  created,
  onClose,
}: {
  created: AdminKey;
  onClose: () => void;
}) {
  const { t } = useI18n();
  return (
    <KeyShownOnce
      title={t('adminKeys.createdTitle')}
      warning={t('adminKeys.createdWarning')}
      actions={<CopyAction text={created.key} label={t('action.copy')} />}
      onClose={onClose}
    >
      <WholeKey
        label={t('adminKeys.createdLabel', {
          name: created.name,
          role: t(`role.${created.role}`),
        })}
        value={created.key}
      />
    </KeyShownOnce>
  );
}

import '../../lib/i18n/en-parts';
import { Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { AdminKeysAccess } from '../../api/backend';
import { useBackend } from '../../api/backend-context';
import type { AdminKey } from '../../contract/admin-key';
import { describeError } from '../../components/describe-error';
import { ErrorAlert } from '../../components/error-alert';
import { useI18n } from '../../components/i18n';
import { IconPlus } from '../../components/icons';
import { useReturnFocus } from '../../components/use-return-focus';
import { AdminKeyCreatedModal } from './admin-key-created-modal';
import { AdminKeyList } from './admin-key-list';
import { useAdminKeys } from './api/list-admin-keys';
import { CreateAdminKeyModal } from './create-admin-key-modal';
import { RevokeAdminKeyDialog } from './revoke-admin-key-dialog';

type Dialog =
  | { kind: 'create' }
  | { kind: 'created'; adminKey: AdminKey }
  | { kind: 'revoke'; adminKey: AdminKey }
  | null;

/**
 * Settings → Admin keys, for an owner: the keys with their roles, a new one, revoking one. On a
 * gateway, which has one access token and no roles, the section says why it is off.
 */
export function AdminKeysSection() {
  const { t } = useI18n();
  const { adminKeys, unavailable } = useBackend();
  return (
    <Stack gap="sm" component="section" aria-labelledby="admin-keys-title">
      <Title order={3} size="h5" id="admin-keys-title">
        {t('adminKeys.title')}
      </Title>
      {adminKeys ? (
        <AdminKeys adminKeys={adminKeys} />
      ) : (
        <>
          <Text size="sm" c="dimmed" id="admin-keys-missing">
            {t(unavailable.includes('admin-keys') ? 'adminKeys.litellm' : 'adminKeys.gateway')}
          </Text>
          <Group>
            <Button leftSection={<IconPlus />} disabled aria-describedby="admin-keys-missing">
              {t('adminKeys.create')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

function AdminKeys({ adminKeys }: { adminKeys: AdminKeysAccess }) {
  const { t } = useI18n();
  const list = useAdminKeys(adminKeys);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  useReturnFocus(dialog !== null);

  return (
    <>
      <Text size="sm" c="dimmed">
        {t('adminKeys.intro')}
      </Text>
      {list.isError && !list.data && (
        <ErrorAlert title={t('adminKeys.loadFailed')}>{describeError(list.error, t)}</ErrorAlert>
      )}
      {list.isPending && <Skeleton height={72} radius="md" aria-hidden="true" />}
      {list.data?.length === 0 && (
        <Text size="sm" fs="italic">
          {t('adminKeys.empty')}
        </Text>
      )}
      {list.data && list.data.length > 0 && (
        <AdminKeyList
          adminKeys={list.data}
          onRevoke={(adminKey) => setDialog({ kind: 'revoke', adminKey })}
        />
      )}
      <Group>
        <Button leftSection={<IconPlus />} onClick={() => setDialog({ kind: 'create' })}>
          {t('adminKeys.create')}
        </Button>
      </Group>
      {dialog?.kind === 'create' && (
        <CreateAdminKeyModal
          adminKeys={adminKeys}
          onClose={close}
          onCreated={(adminKey) => setDialog({ kind: 'created', adminKey })}
        />
      )}
      {dialog?.kind === 'created' && (
        <AdminKeyCreatedModal created={dialog.adminKey} onClose={close} />
      )}
      {dialog?.kind === 'revoke' && (
        <RevokeAdminKeyDialog
          adminKeys={adminKeys}
          adminKey={dialog.adminKey}
          onClose={close}
          onRevoked={() => {
            notifications.show({
              color: 'teal',
              message: t('adminKeys.revoked', { name: dialog.adminKey.name }),
            });
            close();
          }}
        />
      )}
    </>
  );
}

import '../../lib/i18n/en-signed-in';
import { changedFields, type TpmLimited } from '../../api/backend';
import type { TokenCreate } from '../../contract/token';
import { describeError } from '../../components/describe-error';
import { useI18n } from '../../components/i18n';
import { useCreateMany } from './api/create-many';
import { useCreateToken } from './api/create-token';
import { useUpdateToken } from './api/update-token';
import { NO_LIFECYCLE } from './lifecycle-form';
import type { CreatedKeys } from './new-key-dialog';
import type { TokenDialog } from './token-dialogs';
import type { TokenFormResult } from './token-form';
import { useNotify } from './use-notify';

/**
 * What the token form's submit does: saves an edit, or creates one token or many and shows their
 * keys.
 */
export function useTokenFormSubmit(dialog: TokenDialog, openDialog: (dialog: TokenDialog) => void) {
  const { t } = useI18n();
  const { succeed } = useNotify();
  const createToken = useCreateToken();
  const createMany = useCreateMany();
  const updateToken = useUpdateToken();

  const create = async ({ edit, lifecycle, count }: TokenFormResult): Promise<CreatedKeys> => {
    const { status: _status, ...fields } = edit;
    // Where the server has no refills or rate limits, the new token asks for neither.
    const input: TokenCreate & TpmLimited = { ...fields, ...(lifecycle ?? NO_LIFECYCLE) };
    if (count === 1) {
      const created = await createToken.mutateAsync(input);
      succeed(t('notify.created', { name: input.name }));
      return created
        ? { tokens: [created], withoutKeys: [], failures: [] }
        : { tokens: [], withoutKeys: [input.name], failures: [] };
    }
    const outcome = await createMany.mutateAsync({ input, count });
    if (outcome.done.length === 0) throw outcome.failed[0]?.error ?? new Error('nothing created');
    succeed(t('notify.createdMany', { count: outcome.done.length }));
    return {
      tokens: outcome.done.flatMap((d) => (d.result ? [d.result] : [])),
      withoutKeys: outcome.done.flatMap((d) => (d.result ? [] : [d.item])),
      failures: outcome.failed.map((f) => ({ name: f.item, message: describeError(f.error, t) })),
    };
  };

  // A failure is thrown back to the form, which says why under the buttons and keeps what was
  // typed; a notification besides would only cover the form's buttons.
  return async (result: TokenFormResult) => {
    if (dialog?.kind === 'edit') {
      // Only what the person changed: a field sent as it was loaded would undo what happened to
      // it since (a charge, another edit), and status 1 sent back would ask an expired or
      // exhausted token to switch on, which the service refuses.
      const edit = changedFields(dialog.token, { ...result.edit, ...result.lifecycle });
      await updateToken.mutateAsync({ token: dialog.token, edit });
      succeed(t('notify.saved', { name: result.edit.name }));
      openDialog(null);
      return;
    }
    openDialog({ kind: 'new-keys', created: await create(result) });
  };
}

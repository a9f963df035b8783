import '../../lib/i18n/en-signed-in';
import type { Token } from '../../contract/token';
import { useI18n } from '../../components/i18n';
import { LazyBoundary, lazyPart } from '../../components/lazy-boundary';
import { useReturnFocus } from '../../components/use-return-focus';
import { useDeleteToken } from './api/delete-token';
import type { BulkKind } from './bulk-dialog';
import type { CreatedKeys } from './new-key-dialog';
import { useNotify } from './use-notify';
import { useTokenFormSubmit } from './use-token-form-submit';

// Fetched ahead by the page's boot script once it is idle (scripts/vite-boot-script.ts).
const TokenFormModal = lazyPart(() => import('./token-form-modal'));
const BulkDialog = lazyPart(() => import('./bulk-dialog'));
// Not on the list's first paint either: a phone draws the list sooner without them.
const NewKeyDialog = lazyPart(() =>
  import('./new-key-dialog').then((part) => ({ default: part.NewKeyDialog })),
);
const DeleteTokenDialog = lazyPart(() =>
  import('./delete-token-dialog').then((part) => ({ default: part.DeleteTokenDialog })),
);

/** The one dialog open over the tokens screen, if any. */
export type TokenDialog =
  | { kind: 'create' }
  | { kind: 'edit'; token: Token }
  | { kind: 'delete'; token: Token }
  | { kind: 'new-keys'; created: CreatedKeys }
  | { kind: 'bulk'; action: BulkKind; tokens: Token[] }
  | null;

/** Draws the open dialog and carries out what it was opened for. */
export function TokenDialogs({
  dialog,
  onDialog,
  onBulkFinished,
  onDeleted,
}: {
  dialog: TokenDialog;
  onDialog: (dialog: TokenDialog) => void;
  /** After a bulk action, whatever its outcome: the selection it acted on is done with. */
  onBulkFinished?: () => void;
  /** After the token of a delete dialog is deleted. */
  onDeleted?: () => void;
}) {
  const { t } = useI18n();
  const { succeed } = useNotify();
  const submitForm = useTokenFormSubmit(dialog, onDialog);
  const deleteToken = useDeleteToken();
  const close = () => onDialog(null);
  useReturnFocus(dialog !== null);

  return (
    <LazyBoundary>
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <TokenFormModal
          token={dialog.kind === 'edit' ? dialog.token : null}
          onClose={close}
          onSubmit={submitForm}
        />
      )}
      {dialog?.kind === 'bulk' && (
        <BulkDialog
          kind={dialog.action}
          tokens={dialog.tokens}
          onClose={close}
          // The dialog itself says how it went: no notification repeats it.
          onFinished={() => onBulkFinished?.()}
        />
      )}
      {dialog?.kind === 'new-keys' && <NewKeyDialog created={dialog.created} onClose={close} />}
      {dialog?.kind === 'delete' && (
        <DeleteTokenDialog
          token={dialog.token}
          onClose={close}
          onConfirm={async () => {
            await deleteToken.mutateAsync(dialog.token);
            succeed(t('notify.deleted', { name: dialog.token.name }));
            close();
            onDeleted?.();
          }}
        />
      )}
    </LazyBoundary>
  );
}

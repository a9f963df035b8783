import { TokenStatus } from '../../contract/token';
import { useI18n } from '../../components/i18n';
import { useStableCallbacks } from '../../components/use-stable-callbacks';
import { copyText } from '../../lib/clipboard';
import { useRevealKey } from './api/reveal-key';
import { useSetTokenStatus } from './api/set-token-status';
import type { TokenActionHandlers } from './token-actions';
import type { TokenDialog } from './token-dialogs';
import { useNotify } from './use-notify';

/** What each row's buttons do; the same functions on every render, so rows are not redrawn. */
export function useRowActions(openDialog: (dialog: TokenDialog) => void): TokenActionHandlers {
  const { t } = useI18n();
  const { succeed, fail } = useNotify();
  const setStatus = useSetTokenStatus();
  const revealKey = useRevealKey();

  return useStableCallbacks<TokenActionHandlers>({
    onEdit: (token) => openDialog({ kind: 'edit', token }),
    onDelete: (token) => openDialog({ kind: 'delete', token }),
    onToggle: (token) => {
      const enable = token.status === TokenStatus.disabled;
      setStatus.mutate(
        { token, status: enable ? TokenStatus.enabled : TokenStatus.disabled },
        {
          onSuccess: () =>
            succeed(t(enable ? 'notify.enabled' : 'notify.disabled', { name: token.name })),
          onError: (error) => fail(error),
        },
      );
    },
    onCopyKey: async (token) => {
      try {
        const key = token.key.includes('*') ? await revealKey.mutateAsync(token) : token.key;
        await copyText(`sk-${key}`);
        succeed(t('notify.copied', { name: token.name }));
      } catch (error) {
        fail(error, t('notify.copyFailed'));
      }
    },
  });
}

import '../../lib/i18n/en-signed-in';
import type { StoredStatus } from '../../api/backend';
import { TokenStatus, type Token } from '../../contract/token';
import { useI18n } from '../../components/i18n';
import { useStableCallbacks } from '../../components/use-stable-callbacks';
import { copyText } from '../../lib/clipboard';
import { useRevealKey } from './api/reveal-key';
import { useSetTokenStatus } from './api/set-token-status';
import type { TokenActionHandlers } from './token-actions';
import type { TokenDialog } from './token-dialogs';
import { useNotify } from './use-notify';

/**
 * What each row's buttons do, and the same buttons in a token's details; the same functions on
 * every render, so rows are not redrawn. A failure names the action and the token.
 */
export function useRowActions(openDialog: (dialog: TokenDialog) => void): TokenActionHandlers {
  const { t } = useI18n();
  const { succeed, fail } = useNotify();
  const setStatus = useSetTokenStatus();
  const revealKey = useRevealKey();

  /** Switches the token on or off; the person's own switch can be undone, once. */
  const switchTo = async (token: Token, status: StoredStatus, undoable: boolean) => {
    const enable = status === TokenStatus.enabled;
    const name = token.name;
    try {
      await setStatus.mutateAsync({ token, status });
    } catch (error) {
      fail(error, t(enable ? 'notify.enableFailed' : 'notify.disableFailed', { name }));
      return;
    }
    const back = enable ? TokenStatus.disabled : TokenStatus.enabled;
    succeed(
      t(enable ? 'notify.enabled' : 'notify.disabled', { name }),
      undoable ? () => void switchTo({ ...token, status }, back, false) : undefined,
    );
  };

  return useStableCallbacks<TokenActionHandlers>({
    onEdit: (token) => openDialog({ kind: 'edit', token }),
    onDelete: (token) => openDialog({ kind: 'delete', token }),
    onToggle: (token) => {
      const enable = token.status === TokenStatus.disabled;
      void switchTo(token, enable ? TokenStatus.enabled : TokenStatus.disabled, true);
    },
    onCopyKey: async (token) => {
      try {
        const key = token.key.includes('*') ? await revealKey.mutateAsync(token) : token.key;
        await copyText(`sk-${key}`);
        succeed(t('notify.copied', { name: token.name }));
      } catch (error) {
        fail(error, t('notify.copyKeyFailed', { name: token.name }));
      }
    },
  });
}

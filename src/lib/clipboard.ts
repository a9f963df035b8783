import './i18n/en-signed-in';
import { MessageError } from './i18n/message-error';

/**
 * Writes text to the clipboard. The async Clipboard API needs a secure context; on plain http
 * from another host the older copy command is the only way.
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      throw new MessageError('error.copyRefused');
    }
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new MessageError('error.copyRefused');
}

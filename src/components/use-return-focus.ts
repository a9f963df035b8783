import { useLayoutEffect, useRef } from 'react';

/**
 * Gives the keyboard focus back to what had it when a dialog or drawer opened (the button, the
 * link, the row's action), once it closes. Mantine's Modal and Drawer do this when their
 * `opened` turns false; the dialogs here are drawn only while open and are removed on closing,
 * so theirs never runs and the focus would fall to the page's body. One call serves every
 * dialog a piece of state opens in turn (a new token's form, then its key): the focus goes back
 * to what opened the first, once the last closes.
 */
export function useReturnFocus(open: boolean) {
  const opener = useRef<HTMLElement | null>(null);
  // Before the dialog's focus trap moves the focus into it, which it does in a timeout.
  useLayoutEffect(() => {
    if (open) {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
      return;
    }
    const target = opener.current;
    opener.current = null;
    // Only when the focus went nowhere: a click elsewhere keeps the focus it gave.
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (target?.isConnected && lost) target.focus();
  }, [open]);
}

import {
  cloneElement,
  useEffect,
  useState,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import { LazyBoundary } from './lazy-boundary';
import { useIdle } from './use-idle';

interface ControlProps {
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  ref?: Ref<HTMLButtonElement>;
}

/** Focuses the control again once the part has drawn it, if it had the focus before. */
function KeepFocus({ control, focused }: { control: HTMLButtonElement | null; focused: boolean }) {
  useEffect(() => {
    if (focused) control?.focus();
  }, [control, focused]);
  return null;
}

/**
 * A button drawn at once whose menu or tooltip is a part of its own, fetched once the page is
 * idle or the button is used: the code of menus and tooltips is not needed to draw a screen, only
 * to open them. Until the part is here the button is drawn alone; a click meanwhile is kept, so
 * the menu opens as soon as it can, and so is the focus.
 */
export function ControlFirst({
  control,
  opens,
  children,
}: {
  control: ReactElement<ControlProps>;
  /** What the control opens once its part is here, as screen readers are told before. */
  opens?: 'menu';
  /** The part, drawing the control it is given; `clicked` when it was clicked meanwhile. */
  children: (control: ReactElement<ControlProps>, clicked: boolean) => ReactNode;
}) {
  const [clicked, setClicked] = useState(false);
  const [focused, setFocused] = useState(false);
  const [element, setElement] = useState<HTMLButtonElement | null>(null);
  const idle = useIdle();
  const waiting = cloneElement(control, {
    ref: setElement,
    ...(opens ? { 'aria-haspopup': opens, 'aria-expanded': false } : {}),
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      control.props.onClick?.(event);
      setClicked(true);
    },
    onFocus: () => setFocused(true),
    onBlur: () => setFocused(false),
  } as ControlProps);
  if (!idle && !clicked && !focused) return waiting;
  return (
    <LazyBoundary fallback={waiting}>
      {children(cloneElement(control, { ref: setElement }), clicked)}
      <KeepFocus control={element} focused={focused} />
    </LazyBoundary>
  );
}

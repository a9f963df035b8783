import {
  cloneElement,
  useEffect,
  useState,
  type ComponentType,
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
} from 'react';
import { flushSync } from 'react-dom';
import type { partAhead } from './lazy-boundary';
import { useIdle } from './use-idle';

interface ControlProps {
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  ref?: Ref<HTMLButtonElement>;
}

/** What a part drawn by ControlFirst is given besides its own props. */
interface ControlPartProps {
  /** The control, to draw as the menu's or tooltip's target. */
  target: ReactElement;
  /** Open at once: a menu clicked before its part was here, a tooltip under the mouse. */
  opened?: boolean;
}

/** Focuses the control again once the part has drawn it, if it had the focus before. */
function KeepFocus({ control, focused }: { control: HTMLButtonElement | null; focused: boolean }) {
  useEffect(() => {
    if (focused) control?.focus();
  }, [control, focused]);
  return null;
}

/**
 * A button whose menu or tooltip is a part of its own (partAhead): the code of menus and
 * tooltips is not needed to draw a screen, only to open them. The part is fetched once the page
 * is idle; until the button is used the button is drawn alone, and nothing on the page changes.
 * When a mouse comes onto it (or, for a menu, the keyboard's focus), the part draws it in its
 * place at once, before the press, so the click lands on the part's button, the tooltip shows and
 * the focus stays. A menu clicked before its part is here (a tap) fetches it and opens once it
 * is. Once fetched, every button mounted later is the part's from the start.
 */
export function ControlFirst<Props extends ControlPartProps>({
  control,
  opens,
  part,
  props,
}: {
  control: ReactElement<ControlProps>;
  opens: 'menu' | 'tooltip';
  part: ReturnType<typeof partAhead<Props>>;
  /** The part's own props. */
  props: NoInfer<Omit<Props, keyof ControlPartProps>>;
}) {
  const [Fetched, setFetched] = useState<ComponentType<Props> | null>(() => part.fetched());
  // Drawn by the part from the start when it was fetched before this button mounted.
  const [used, setUsed] = useState<'shown' | 'opened' | null>(() =>
    part.fetched() ? 'shown' : null,
  );
  const [focused, setFocused] = useState(false);
  const [element, setElement] = useState<HTMLButtonElement | null>(null);
  const idle = useIdle();
  const fetchPart = () =>
    part.load().then(
      (loaded) => setFetched(() => loaded),
      () => undefined,
    );
  useEffect(() => {
    if (idle && !Fetched) void fetchPart();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the page is first idle
  }, [idle]);
  /** Draws the part in the button's place before the event goes on, if it is here. */
  const drawPart = (how: 'shown' | 'opened') => {
    if (Fetched) flushSync(() => setUsed(how));
  };

  if (Fetched && used) {
    return (
      <>
        <Fetched
          {...(props as Props)}
          target={cloneElement(control, { ref: setElement })}
          opened={used === 'opened'}
        />
        <KeepFocus control={element} focused={focused} />
      </>
    );
  }
  return cloneElement(control, {
    ref: setElement,
    ...(opens === 'menu' ? { 'aria-haspopup': 'menu', 'aria-expanded': false } : {}),
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      control.props.onClick?.(event);
      if (opens !== 'menu') return;
      setUsed('opened');
      if (!Fetched) void fetchPart();
    },
    onPointerEnter: (event: PointerEvent<HTMLButtonElement>) => {
      if (event.pointerType === 'mouse') drawPart(opens === 'tooltip' ? 'opened' : 'shown');
    },
    onFocus: (event: FocusEvent<HTMLButtonElement>) => {
      setFocused(true);
      // Only the keyboard's focus: a press's own focus comes between its down and up, and a
      // button swapped then loses the click (a tap, or a part that arrived after the mouse).
      if (opens === 'menu' && event.currentTarget.matches(':focus-visible')) drawPart('shown');
    },
    onBlur: () => setFocused(false),
  } as ControlProps);
}

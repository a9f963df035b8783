import type { ReactNode } from 'react';
import { writeAddress } from './address';
import classes from './details-link.module.css';

/**
 * A link to a token's details: the address's `details` parameter. A plain click opens them over
 * the screen shown, keeping its view; a new tab or window opens them over the token list.
 */
export function DetailsLink({
  id,
  className,
  children,
}: {
  id: number;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a
      href={`?details=${id}`}
      className={className ? `${classes.link} ${className}` : classes.link}
      dir="auto"
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)
          return;
        event.preventDefault();
        writeAddress({ details: String(id) });
      }}
    >
      {children}
    </a>
  );
}

import type { ReactNode } from 'react';
import { writeAddress } from '../address';
import classes from '../details-link.module.css';
import { auditParams } from './audit-address';

/**
 * A link to the audit screen showing one token's records. A plain click closes the details it
 * sits in and shows the audit; a new tab or window opens the same view.
 */
export function AuditLink({
  tokenId,
  title,
  children,
}: {
  tokenId: number;
  title?: string;
  children: ReactNode;
}) {
  const params = {
    view: 'audit',
    details: null,
    ...auditParams({ audit_page: 1, token_id: tokenId }),
  };
  return (
    <a
      href={`?view=audit&token_id=${tokenId}`}
      className={classes.link}
      title={title}
      dir="auto"
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)
          return;
        event.preventDefault();
        writeAddress(params);
      }}
    >
      {children}
    </a>
  );
}

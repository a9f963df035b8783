import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconAlert } from './icons';

/** Why the last attempt failed, announced as it appears. */
export function ErrorAlert({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlert />} title={title} role="alert">
      {children}
    </Alert>
  );
}

import { Code } from '@mantine/core';
import { Fragment } from 'react';

/** A description whose `quoted` words (fields, values) are shown as code. */
export function TextWithCode({ text }: { text: string }) {
  return text
    .split('`')
    .map((part, index) => (
      <Fragment key={index}>{index % 2 === 1 ? <Code>{part}</Code> : part}</Fragment>
    ));
}

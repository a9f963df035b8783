import { Stack, type StackProps } from '@mantine/core';

/**
 * A list laid out as a Stack, without bullets or indent: ul, or ol where its order means
 * something. Screen readers still announce it as a list and count its items.
 */
export function PlainList({ ordered, style, ...props }: StackProps & { ordered?: boolean }) {
  return (
    <Stack
      component={ordered ? 'ol' : 'ul'}
      p={0}
      m={0}
      style={[{ listStyle: 'none' }, style]}
      {...props}
    />
  );
}

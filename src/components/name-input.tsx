import { TextInput } from '@mantine/core';
import type { ComponentProps } from 'react';
import { NAME_MAX } from '../contract/token';

/**
 * The name a dialog gives what it makes: required, and the field the dialog focuses first. The
 * form's schema holds it to NAME_MAX characters and says so; the browser's looser limit only
 * stops a runaway paste, without cutting a name short in silence.
 */
export function NameInput(props: ComponentProps<typeof TextInput>) {
  return <TextInput withAsterisk maxLength={NAME_MAX * 4} data-autofocus {...props} />;
}

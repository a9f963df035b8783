import { Switch } from '@mantine/core';
import '@mantine/core/styles/Switch.css';
import {
  useController,
  type Control,
  type FieldPathByValue,
  type FieldValues,
} from 'react-hook-form';

/** A switch the form holds as true or false. */
export function FormSwitch<Values extends FieldValues, Result>({
  control,
  name,
  label,
  description,
}: {
  control: Control<Values, unknown, Result>;
  name: FieldPathByValue<Values, boolean>;
  label: string;
  description?: string;
}) {
  const { field } = useController({ control, name });
  return (
    <Switch
      label={label}
      description={description}
      checked={field.value}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
    />
  );
}

import '../../components/part-styles';
import { NumberInput, Select, TextInput } from '@mantine/core';
import '@mantine/core/styles/NumberInput.css';
import { Fragment } from 'react';
import { useI18n } from '../../components/i18n';
import type { Operation } from '../../contract/operation';
import { fieldDescription } from './operation-texts';
import type { ParamField } from './param-fields';
import classes from './explorer.module.css';

/** What the field means, then its bounds and default, as its schema states them. */
function Hint({ operation, field }: { operation: Operation; field: ParamField }) {
  const { t } = useI18n();
  const meaning = fieldDescription(operation, field.name, field.description, t)?.replace(
    /[.。]$/,
    '',
  );
  const facts: string[] = [];
  if (field.min !== undefined && field.max !== undefined)
    facts.push(t('explorer.range', { min: field.min, max: field.max }));
  if (field.maxLength !== undefined) facts.push(t('explorer.maxLength', { max: field.maxLength }));
  if (field.defaultValue !== '') facts.push(t('explorer.default', { value: field.defaultValue }));
  return (
    <>
      {meaning}
      {facts.map((fact, index) => (
        <Fragment key={fact}>
          {meaning || index > 0 ? ' · ' : ''}
          <span className={classes.nowrap}>{fact}</span>
        </Fragment>
      ))}
    </>
  );
}

interface ParamInputProps {
  operation: Operation;
  field: ParamField;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/** One parameter, with the input its schema calls for, labelled with its name on the wire. */
export function ParamInput({ operation, field, value, error, onChange }: ParamInputProps) {
  const { t } = useI18n();
  const common = {
    label: field.name,
    description: <Hint operation={operation} field={field} />,
    error,
    required: field.required,
    classNames: { label: classes.mono },
  };
  if (field.kind === 'integer') {
    return (
      <NumberInput
        {...common}
        value={value}
        onChange={(next) => onChange(String(next))}
        min={field.min}
        max={field.max}
        allowDecimal={false}
        allowNegative={field.min === undefined || field.min < 0}
        // Out of bounds is left as typed, for the schema to say what the bounds are.
        clampBehavior="none"
        inputMode="numeric"
      />
    );
  }
  if (field.kind === 'choice') {
    return (
      <Select
        {...common}
        data={field.choices ?? []}
        value={value === '' ? null : value}
        onChange={(next) => onChange(next ?? '')}
        clearable={!field.required}
        clearButtonProps={{ 'aria-label': t('explorer.clear', { name: field.name }) }}
        allowDeselect={false}
      />
    );
  }
  return (
    <TextInput
      {...common}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maxLength={field.maxLength}
      spellCheck={false}
      autoComplete="off"
    />
  );
}

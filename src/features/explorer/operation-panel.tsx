import '../../components/part-styles';
import {
  Alert,
  Badge,
  Button,
  Code,
  Fieldset,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/SimpleGrid.css';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useAccess } from '../../components/access';
import { useI18n } from '../../components/i18n';
import { IconAlert } from '../../components/icons';
import type { Operation } from '../../contract/operation';
import type { MessageKey } from '../../lib/i18n/en';
import { ExchangeResult } from './exchange-result';
import { MethodBadge } from './method-badge';
import { exampleTitle, operationDescription, operationSummary } from './operation-texts';
import { ParamInput } from './param-input';
import { exampleBody, exampleValues, paramFields, type ParamLocation } from './param-fields';
import { prepareRequest, type BodyProblem, type DraftProblems } from './request-draft';
import { TextWithCode } from './text-with-code';
import { useOperationSend } from './use-operation-send';
import classes from './explorer.module.css';

const LEGENDS: Record<ParamLocation, MessageKey> = {
  path: 'explorer.pathParams',
  query: 'explorer.queryParams',
};

function bodyMessage(problem: BodyProblem | null, t: ReturnType<typeof useI18n>['t']) {
  if (!problem) return undefined;
  return problem.kind === 'json'
    ? t('explorer.invalidJson', { detail: problem.detail })
    : problem.message;
}

/** Why this key may not call the operation, or null when it may (the service would answer 403). */
function useRefusal(operation: Operation): string | null {
  const { t } = useI18n();
  const { identity, may } = useAccess();
  if (!identity || !operation.permission || may(operation.permission)) return null;
  return t('explorer.notAllowed', {
    role: t(`role.${identity.role}`),
    may: t(`role.may.${identity.role}`),
  });
}

/**
 * One operation: what it does, a form for its parameters and body (filled with its example),
 * and, once sent, the answer. Nothing is sent until the contract's schemas accept the input.
 */
export function OperationPanel({
  operation,
  focusOnOpen = false,
}: {
  operation: Operation;
  focusOnOpen?: boolean;
}) {
  const { t } = useI18n();
  const fields = useMemo(() => paramFields(operation), [operation]);
  const [exampleIndex, setExampleIndex] = useState(0);
  const [values, setValues] = useState(() => exampleValues(fields, operation.examples[0]));
  const [bodyText, setBodyText] = useState(() => exampleBody(operation, operation.examples[0]));
  const [problems, setProblems] = useState<DraftProblems | null>(null);
  const { sending, result, send } = useOperationSend(operation);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const summary = operationSummary(operation, t);
  const refusal = useRefusal(operation);
  const refusalId = useId();

  useEffect(() => {
    if (focusOnOpen) headingRef.current?.focus();
  }, [focusOnOpen]);

  const chooseExample = (index: number) => {
    const example = operation.examples[index] ?? operation.examples[0];
    setExampleIndex(index);
    setValues(exampleValues(fields, example));
    setBodyText(exampleBody(operation, example));
    setProblems(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const prepared = prepareRequest(operation, fields, values, bodyText);
    if (!prepared.ok) {
      setProblems(prepared.problems);
      return;
    }
    setProblems(null);
    void send(prepared.request);
  };

  const fieldsAt = (location: ParamLocation) =>
    fields.filter((field) => field.location === location);

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Group gap="xs" wrap="wrap">
          <MethodBadge method={operation.method} />
          <Code className={classes.command}>{operation.path}</Code>
          {!operation.auth && (
            <Badge variant="outline" color="gray" radius="sm">
              {t('explorer.open')}
            </Badge>
          )}
        </Group>
        <Title order={3} size="h4" ref={headingRef} tabIndex={-1}>
          {summary}
        </Title>
        <Text size="sm">
          <TextWithCode text={operationDescription(operation, t)} />
        </Text>
      </Stack>
      <form onSubmit={submit} noValidate aria-label={summary}>
        <Stack gap="md">
          {operation.examples.length > 1 && (
            <Select
              label={t('explorer.example')}
              data={operation.examples.map((_example, index) => ({
                value: String(index),
                label: exampleTitle(operation, index, t),
              }))}
              value={String(exampleIndex)}
              onChange={(next) => chooseExample(Number(next ?? 0))}
              allowDeselect={false}
            />
          )}
          {(['path', 'query'] as const).map((location) =>
            fieldsAt(location).length === 0 ? null : (
              <Fieldset
                key={location}
                legend={t(LEGENDS[location])}
                variant="unstyled"
                classNames={{ legend: classes.legend }}
              >
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                  {fieldsAt(location).map((field) => (
                    <ParamInput
                      key={field.name}
                      operation={operation}
                      field={field}
                      value={values[field.name] ?? ''}
                      error={problems?.fields[field.name]}
                      onChange={(value) => setValues((now) => ({ ...now, [field.name]: value }))}
                    />
                  ))}
                </SimpleGrid>
              </Fieldset>
            ),
          )}
          {operation.body && (
            <Textarea
              label={t('explorer.body')}
              description={t('explorer.bodyHint')}
              value={bodyText}
              onChange={(event) => setBodyText(event.currentTarget.value)}
              error={bodyMessage(problems?.body ?? null, t)}
              autosize
              minRows={5}
              maxRows={16}
              spellCheck={false}
              autoComplete="off"
              autoCapitalize="off"
              classNames={{ input: classes.mono }}
            />
          )}
          {problems && (
            <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
              {[t('explorer.notSent'), ...problems.other].join(' ')}
            </Alert>
          )}
          <Group>
            <Button
              type="submit"
              loading={sending}
              disabled={refusal !== null}
              aria-describedby={refusal ? refusalId : undefined}
            >
              {t('explorer.send')}
            </Button>
          </Group>
          {refusal && (
            <Text size="sm" c="dimmed" id={refusalId}>
              {refusal}
            </Text>
          )}
        </Stack>
      </form>
      {result && <ExchangeResult result={result} keyless={!operation.auth} />}
    </Stack>
  );
}

import { Alert, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { ModelsAccess } from '../../api/backend';
import { useBackend } from '../../api/backend-context';
import type { Model } from '../../contract/model';
import { useAccess } from '../../components/access';
import { describeError } from '../../components/describe-error';
import { ErrorAlert } from '../../components/error-alert';
import { useI18n, useTexts } from '../../components/i18n';
import { IconPlus } from '../../components/icons';
import { LazyBoundary, lazyPart } from '../../components/lazy-boundary';
import { ScreenHeader } from '../../components/screen-header';
import { useReturnFocus } from '../../components/use-return-focus';
import { useModels } from './api/list-models';
import { useTestModel } from './api/test-model';
import { DeleteModelDialog } from './delete-model-dialog';
import type { ModelActionHandlers } from './model-actions';
import { ModelCards } from './model-cards';
import { ModelTable } from './model-table';
import { ModelTestDialog } from './model-test-dialog';
import { serverKindName } from '../../components/server-kind';
import { modelsTexts } from '../../lib/i18n/en-models';

const ModelFormModal = lazyPart(() => import('./model-form-modal'));

type Dialog = { kind: 'create' } | { kind: 'edit' | 'delete' | 'test'; model: Model } | null;

/**
 * The gateway's models: what clients may name in /v1, where each goes and what it costs. An
 * owner creates, edits, tests and deletes them; operators and viewers read them. On one-api and
 * new-api, which manage their models themselves, the screen says so and asks nothing.
 */
export default function ModelsScreen() {
  useTexts(modelsTexts);
  const { t } = useI18n();
  const backend = useBackend();
  const mayManage = useAccess().may('models.manage');
  return (
    <Stack gap="md">
      {backend.models ? (
        <Models models={backend.models} mayManage={mayManage} />
      ) : (
        <>
          <ScreenHeader title={t('models.title')} intro={t('models.intro')} />
          <Alert variant="light" color="gray">
            {t('models.unavailable', { kind: serverKindName(backend.kind) })}
          </Alert>
        </>
      )}
    </Stack>
  );
}

function Models({ models, mayManage }: { models: ModelsAccess; mayManage: boolean }) {
  const { t } = useI18n();
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const list = useModels(models);
  const test = useTestModel(models);
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  useReturnFocus(dialog !== null);

  const handlers: ModelActionHandlers | null = mayManage
    ? {
        onTest: (model) => {
          test.mutate(model);
          setDialog({ kind: 'test', model });
        },
        onEdit: (model) => setDialog({ kind: 'edit', model }),
        onDelete: (model) => setDialog({ kind: 'delete', model }),
      }
    : null;
  const items = list.data;

  return (
    <>
      <ScreenHeader
        title={t('models.title')}
        intro={t('models.intro')}
        stacked={phone}
        actions={
          mayManage && (
            <Button leftSection={<IconPlus />} onClick={() => setDialog({ kind: 'create' })}>
              {t('models.create')}
            </Button>
          )
        }
      />
      {list.isError && !items && (
        <ErrorAlert title={t('models.failed')}>{describeError(list.error, t)}</ErrorAlert>
      )}
      {list.isPending && <Skeleton height={160} radius="md" aria-hidden="true" />}
      {items?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('models.empty')}
        </Text>
      )}
      {items &&
        items.length > 0 &&
        (phone ? (
          <ModelCards models={items} handlers={handlers} />
        ) : (
          <Paper withBorder radius="md" p="xs">
            <ModelTable models={items} handlers={handlers} />
          </Paper>
        ))}
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <LazyBoundary>
          <ModelFormModal
            models={models}
            model={dialog.kind === 'edit' ? dialog.model : null}
            onClose={close}
            onSaved={(model, created) => {
              notifications.show({
                color: 'teal',
                message: t(created ? 'models.created' : 'models.saved', { name: model.name }),
              });
              close();
            }}
          />
        </LazyBoundary>
      )}
      {dialog?.kind === 'delete' && (
        <DeleteModelDialog
          models={models}
          model={dialog.model}
          onClose={close}
          onDeleted={() => {
            notifications.show({
              color: 'teal',
              message: t('models.deleted', { name: dialog.model.name }),
            });
            close();
          }}
        />
      )}
      {dialog?.kind === 'test' && (
        <ModelTestDialog model={dialog.model} test={test} onClose={close} />
      )}
    </>
  );
}

import '../../../lib/i18n/en-parts';
import { Alert, Anchor, Group, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useBackend } from '../../../api/backend-context';
import { useAccess } from '../../../components/access';
import { addressWith, useAddressParam, writeAddress } from '../../../components/address';
import { describeError } from '../../../components/describe-error';
import { useI18n, useTexts } from '../../../components/i18n';
import { ScreenHeader } from '../../../components/screen-header';
import { tokenDetailQuery } from '../api/token-detail';
import { TokenDialogs, type TokenDialog } from '../token-dialogs';
import { TokenPicker } from './token-picker';
import TryItPanel from './try-it-panel';
import classes from './try-it.module.css';
import { tryItTexts } from '../../../lib/i18n/en-try-it';

/** A token id from the address; anything else chooses none. */
const tokenIdOf = (value: string | null) =>
  value !== null && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null;

/**
 * Try it on a screen of its own (?view=playground&try=ID): a token chosen by name, then its key
 * used as its clients use it. The key is never in the address, only the token's id.
 */
export default function PlaygroundScreen() {
  useTexts(tryItTexts);
  const { t } = useI18n();
  const backend = useBackend();
  const { may, identity } = useAccess();
  const [tried, setTried] = useAddressParam('try');
  const id = tokenIdOf(tried);
  const detail = useQuery({ ...tokenDetailQuery(backend, id ?? 0), enabled: id !== null });
  const token = id !== null ? detail.data : undefined;
  const [dialog, setDialog] = useState<TokenDialog>(null);
  const allowed = may('tokens.reveal');

  return (
    <div className={classes.screen}>
      <ScreenHeader title={t('playground.title')} intro={t('playground.intro')} />
      <Group gap="md" align="flex-end" wrap="nowrap">
        <TokenPicker
          value={id}
          knownName={token?.name ?? null}
          onChange={(next) => setTried(next === null ? null : String(next))}
        />
        {token && (
          <Anchor
            href={addressWith({ details: String(token.id) })}
            onClick={(event) => {
              event.preventDefault();
              writeAddress({ details: String(token.id) });
            }}
            size="sm"
            pb={8}
            style={{ flexShrink: 0 }}
          >
            {t('playground.details')}
          </Anchor>
        )}
      </Group>
      {!allowed && (
        <Alert color="gray" variant="light">
          {t('tryIt.needsReveal', { role: identity ? t(`role.${identity.role}`) : '' })}
        </Alert>
      )}
      {allowed && id === null && (
        <Text size="sm" c="dimmed">
          {t('playground.choose')}
        </Text>
      )}
      {allowed && id !== null && detail.isPending && <Skeleton h={240} radius="md" />}
      {allowed && id !== null && detail.isError && (
        <Alert color="red" variant="light" title={t('details.failed')}>
          {describeError(detail.error, t)}
        </Alert>
      )}
      {allowed && token && (
        <TryItPanel
          key={token.id}
          token={token}
          onEdit={may('tokens.update') ? () => setDialog({ kind: 'edit', token }) : undefined}
        />
      )}
      <TokenDialogs dialog={dialog} onDialog={setDialog} />
    </div>
  );
}

// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenStatus, type Token } from '../../contract/token';
import { fakeServer, SERVICE_STATUS } from '../../test-support/fake-server';
import { renderWithProviders } from '../../test-support/render-with-providers';
import { sampleToken } from '../../test-support/sample-token';
import { PreviousKeyMark } from './lifecycle-marks';
import { RemainingCell } from './token-cells';
import { ListNow } from './token-list-view';

afterEach(() => vi.unstubAllGlobals());

const NOW = 1_800_000_000;

function showQuota(fields: Partial<Token>, language?: 'zh-CN') {
  fakeServer({ 'GET /api/status': () => SERVICE_STATUS });
  return renderWithProviders(
    <ListNow value={NOW}>
      <RemainingCell token={sampleToken({ id: 1, name: 'Backend', ...fields })} />
    </ListNow>,
    { language, connection: { baseUrl: 'http://server.test', adminKey: 'k', kind: 'tokendesk' } },
  );
}

describe('the marks under a token’s remaining quota', () => {
  it('says how often it refills and when it next does', () => {
    showQuota({
      remain_quota: 400_000,
      quota_reset_period: 'daily',
      quota_reset_amount: 500_000,
      next_reset_time: NOW + 5 * 3600,
    });
    expect(screen.getByText('Refills daily')).toBeVisible();
    expect(screen.getByText('Next refill in 5 hours')).toBeVisible();
    expect(screen.queryByText('Low quota')).toBeNull();
  });

  it('marks a refilling token low against its refill amount', () => {
    showQuota({
      remain_quota: 40_000,
      used_quota: 10,
      quota_reset_period: 'weekly',
      quota_reset_amount: 500_000,
      next_reset_time: NOW + 3 * 86_400,
    });
    expect(screen.getByText('Low quota')).toBeVisible();
    expect(screen.getByText('Refills weekly')).toBeVisible();
  });

  it('marks a token low against what it was given when it does not refill', () => {
    showQuota({ remain_quota: 9, used_quota: 91 });
    expect(screen.getByText('Low quota')).toBeVisible();
  });

  it('leaves unmarked a token with a tenth or more left, an unlimited one and an exhausted one', () => {
    const { unmount } = showQuota({ remain_quota: 10, used_quota: 90 });
    expect(screen.queryByText('Low quota')).toBeNull();
    unmount();
    showQuota({ remain_quota: 0, used_quota: 90, unlimited_quota: true }).unmount();
    expect(screen.queryByText('Low quota')).toBeNull();
    showQuota({ remain_quota: 0, used_quota: 90, status: TokenStatus.exhausted });
    expect(screen.queryByText('Low quota')).toBeNull();
  });

  it('speaks Chinese to a Chinese reader', async () => {
    showQuota(
      {
        remain_quota: 1,
        used_quota: 99,
        quota_reset_period: 'monthly',
        quota_reset_amount: 100,
        next_reset_time: NOW + 86_400,
      },
      'zh-CN',
    );
    expect(await screen.findByText('额度偏低')).toBeVisible();
    expect(screen.getByText('每月恢复')).toBeVisible();
    expect(screen.getByText('下次恢复：明天')).toBeVisible();
  });

  it('says nothing of a refill an expired token will not spend, nor of one an unlimited token has no use for', () => {
    const { unmount } = showQuota({
      remain_quota: 400_000,
      expired_time: NOW - 60,
      status: TokenStatus.expired,
      quota_reset_period: 'daily',
      quota_reset_amount: 500_000,
      next_reset_time: NOW + 18 * 3600,
    });
    expect(screen.queryByText(/Next refill/)).toBeNull();
    unmount();
    showQuota({
      remain_quota: 0,
      unlimited_quota: true,
      quota_reset_period: 'daily',
      quota_reset_amount: 500_000,
      next_reset_time: NOW + 18 * 3600,
    });
    expect(screen.queryByText('Refills daily')).toBeNull();
    expect(screen.queryByText(/Next refill/)).toBeNull();
  });
});

describe('the mark under a rotated token’s key', () => {
  function showKey(previousUntil: number | null, now = NOW, language?: 'zh-CN') {
    return renderWithProviders(
      <ListNow value={now}>
        <PreviousKeyMark
          token={sampleToken({ id: 1, name: 'Backend', previous_key_valid_until: previousUntil })}
        />
      </ListNow>,
      { language },
    );
  }
  // Noon in the reader's own time zone, so that an hour later is still today.
  const noon = new Date(2027, 0, 15, 12, 0).getTime() / 1000;

  it('says until when the old key works, as a time today and with its day later', () => {
    const { unmount } = showKey(noon + 3600, noon);
    expect(screen.getByText('Old key works until 1:00 PM')).toBeVisible();
    unmount();
    showKey(noon + 2 * 86_400, noon);
    expect(screen.getByText('Old key works until Jan 17, 12:00 PM')).toBeVisible();
  });

  it('is gone once the old key no longer works, and for a token never rotated', () => {
    const { unmount } = showKey(noon, noon);
    expect(screen.queryByText(/Old key/)).toBeNull();
    unmount();
    showKey(null, noon);
    expect(screen.queryByText(/Old key/)).toBeNull();
  });

  it('speaks Chinese to a Chinese reader', async () => {
    showKey(noon + 3600, noon, 'zh-CN');
    expect(await screen.findByText('旧密钥可用至 13:00')).toBeVisible();
  });
});

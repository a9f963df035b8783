/** What new-api says about itself (/api/status) and about the user (/api/user/self). */
import { writeOk } from '../gateway/gin-answers';
import type { Handler } from '../gateway/router';
import type { TokenStore } from '../gateway/token-store';
import type { NewApiToken } from '../gateway/types';

/** /api/status past the fields both gateways write first. */
export const newApiStatus = {
  linuxdo_oauth: false,
  telegram_oauth: false,
  system_name: 'New API',
  logo: '',
  footer_html: '',
  wechat_qrcode: '',
  wechat_login: false,
  server_address: 'http://localhost:3000',
  price: 7.3,
  min_topup: 1,
  turnstile_check: false,
  turnstile_site_key: '',
  top_up_link: '',
  docs_link: '',
  quota_per_unit: 500000,
  display_in_currency: true,
  quota_display_type: 'USD',
  usd_exchange_rate: 7.3,
  enable_batch_update: false,
  enable_drawing: false,
  enable_task: true,
  enable_data_export: true,
  data_export_default_time: 'hour',
  default_collapse_sidebar: false,
  mj_notify_enabled: false,
  chats: [],
  demo_site_enabled: false,
  self_use_mode_enabled: false,
  default_use_auto_group: false,
  setup: true,
};

export function newApiSelf(store: TokenStore<NewApiToken>, userId: number): Handler {
  return ({ res }) =>
    writeOk(res, {
      id: userId,
      username: 'emulator',
      display_name: 'Emulator',
      role: 1,
      status: 1,
      email: '',
      group: 'default',
      quota: 0,
      used_quota: store.ofUser(userId).reduce((sum, token) => sum + token.used_quota, 0),
      request_count: 0,
      aff_code: 'EMUL',
      setting: '',
    });
}

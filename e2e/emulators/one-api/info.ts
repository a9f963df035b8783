/** What one-api says about itself (/api/status) and about the user (/api/user/self). */
import { writeOk } from '../gateway/gin-answers';
import type { Handler } from '../gateway/router';
import type { TokenStore } from '../gateway/token-store';
import type { OneApiToken } from '../gateway/types';

/** /api/status past the fields both gateways write first. */
export const oneApiStatus = {
  lark_client_id: '',
  system_name: 'One API',
  logo: '',
  footer_html: '',
  wechat_qrcode: '',
  wechat_login: false,
  server_address: 'http://localhost:3000',
  turnstile_check: false,
  turnstile_site_key: '',
  top_up_link: '',
  chat_link: '',
  quota_per_unit: 500000,
  display_in_currency: true,
};

export function oneApiSelf(store: TokenStore<OneApiToken>, userId: number): Handler {
  return ({ res }) =>
    writeOk(res, {
      id: userId,
      username: 'emulator',
      password: '',
      display_name: 'Emulator',
      role: 1,
      status: 1,
      email: '',
      github_id: '',
      wechat_id: '',
      lark_id: '',
      oidc_id: '',
      verification_code: '',
      access_token: '',
      quota: 0,
      used_quota: store.ofUser(userId).reduce((sum, token) => sum + token.used_quota, 0),
      request_count: 0,
      group: 'default',
      aff_code: 'EMUL',
      inviter_id: 0,
    });
}

/**
 * new-api's dashboard auth in its two generations: before v1.0 one-api's access-token check
 * plus a New-Api-User header; from v1.0 a Bearer or bare token with every failure a 401/403.
 */
import { accessTokenAuth, refuseNonRoot } from '../gateway/access-token-auth';
import { writeEnvelope } from '../gateway/gin-answers';
import { goAtoi } from '../gateway/go-binding';
import { chain, type Handler } from '../gateway/router';
import { MSG } from '../gateway/token-rules';

const MSG_USER_HEADER = {
  missing: '无权进行此操作，未提供 New-Api-User',
  format: '无权进行此操作，New-Api-User 格式错误',
  mismatch: '无权进行此操作，New-Api-User 与登录用户不匹配',
} as const;

/** The older authHelper after the token: New-Api-User must name the token's user. */
function userHeaderAuth(userId: number): Handler {
  return ({ req, res }) => {
    const header = req.headers['new-api-user'];
    const value = Array.isArray(header) ? header[0] : header;
    if (!value) return writeEnvelope(res, 401, false, MSG_USER_HEADER.missing);
    const parsed = goAtoi(value);
    if (!parsed.ok) return writeEnvelope(res, 401, false, MSG_USER_HEADER.format);
    if (parsed.value !== userId) writeEnvelope(res, 401, false, MSG_USER_HEADER.mismatch);
  };
}

/** Newer releases: `Bearer <t>` or a bare token; anything else, or a wrong token: 401. */
function currentAuth(accessToken: string): Handler {
  return ({ req, res }) => {
    const parts = (req.headers.authorization ?? '').trim().split(/\s+/).filter(Boolean);
    let token: string | undefined;
    if (parts.length === 2 && parts[0]?.toLowerCase() === 'bearer') token = parts[1];
    else if (parts.length === 1) token = parts[0];
    if (token === undefined || token !== accessToken) {
      writeEnvelope(res, 401, false, MSG.accessTokenInvalid, undefined, {
        code: 'AUTH_UNAUTHORIZED',
      });
    }
  };
}

/** RootAuth on a common user, from v1.0: HTTP 403 with a code. */
const forbidNonRoot: Handler = ({ res }) =>
  writeEnvelope(res, 403, false, MSG.insufficientPrivilege, undefined, {
    code: 'AUTH_INSUFFICIENT_PRIVILEGE',
  });

/** The user and root checks of a release before v1.0 (`legacy`) or from v1.0. */
export function newApiAuth(
  legacy: boolean,
  accessToken: string,
  userId: number,
): { userAuth: Handler; rootAuth: Handler } {
  return legacy
    ? {
        userAuth: chain(accessTokenAuth(accessToken), userHeaderAuth(userId)),
        rootAuth: refuseNonRoot,
      }
    : { userAuth: currentAuth(accessToken), rootAuth: forbidNonRoot };
}

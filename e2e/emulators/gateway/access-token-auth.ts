/** The access-token check of one-api and of new-api before v1.0, and their root-only refusal. */
import { writeEnvelope, writeFail } from './gin-answers';
import type { Handler } from './router';
import { MSG } from './token-rules';

/**
 * middleware.UserAuth with an access token (no session cookie in these tests): none is a 401,
 * a wrong one HTTP 200 with success:false.
 */
export function accessTokenAuth(accessToken: string): Handler {
  return ({ req, res }) => {
    const header = req.headers.authorization;
    if (!header) return writeEnvelope(res, 401, false, MSG.notLoggedIn);
    // model.ValidateAccessToken: strings.Replace(token, "Bearer ", "", 1), so a bare token works.
    const token = header.replace('Bearer ', '');
    if (token === '' || token !== accessToken) writeFail(res, MSG.accessTokenInvalid);
  };
}

/** RootAuth on a common user: refused with HTTP 200, like every such auth failure past 401. */
export const refuseNonRoot: Handler = ({ res }) => writeFail(res, MSG.insufficientPrivilege);

import { change } from '@app/shared';
import { defineCommand } from '../../../platform/commands';
import * as repo from '../auth-repository';

/** Revokes this request's token on the server, so it stops working at once. */
export const SIGN_OUT = defineCommand({
  name: 'postSignOut',
  event: change<null, null>()('admin_user'),
  description: 'Revokes the access token of this request on the server.',
  access: 'self',
  scope: 'records',
  refreshes: [],
  input: {},
  answer: 'Boolean',
  handler: async (_input, { admin, audit, downloadCookie }) => {
    await audit.change(async (trx) => {
      await repo.deleteAccessToken(trx, admin!.tokenHash);
      return { result: undefined, targetIds: [admin!.id], before: null, after: null };
    });
    downloadCookie?.clear();
    return true;
  },
});

import { change } from '@app/shared';
import { defineCommand } from '../../../platform/commands';
import * as repo from '../auth-repository';

/** Ends every session of the signed-in admin, this one included. */
export const SIGN_OUT_EVERYWHERE = defineCommand({
  name: 'postSignOutEverywhere',
  event: change<null, { revokedTokens: number }>()('admin_user'),
  description:
    'Ends every session of the signed-in admin, this one included; returns how many ended.',
  access: 'self',
  scope: 'records',
  refreshes: [],
  input: {},
  answer: 'Int',
  handler: async (_input, { admin, audit, downloadCookie }) => {
    const ended = await audit.change(async (trx) => {
      const revoked = await repo.deleteAccessTokensOfAdmin(trx, admin!.id);
      return {
        result: revoked,
        targetIds: [admin!.id],
        before: null,
        after: { revokedTokens: revoked },
      };
    });
    downloadCookie?.clear();
    return ended;
  },
});

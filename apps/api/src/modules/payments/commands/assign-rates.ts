import { change } from '@app/shared';
import { defineCommand } from '../../../platform/commands';
import {
  checkFingerprintInput,
  confirmedSetWrite,
  confirmSet,
  FINGERPRINT_INPUT,
} from '../../../platform/confirmed-set';
import { AppError } from '../../../shared/app-error';
import {
  ASSIGNMENT_RUNNING,
  checkedArg,
  DATE_ARG,
  RATE_ARG,
  ratesSet,
  ratesWindow,
} from '../payments-rates';
import { PAYMENT_SET_REFRESHES, RateAssignmentResultRef } from '../payments-types';
import * as write from '../payments-write-repository';

const NOTHING_TO_FIX =
  'No unfixed payment was confirmed in this window: its payments are already asset-fixed, or there are none.';

/**
 * Fixes the assets of the payments confirmed in the window (both ends inclusive) and not yet
 * fixed, at the deadline, in one audited transaction. Two commits at once: the second gets
 * CONFLICT at once; a window with nothing left to fix: CONFLICT. The window and rates come as
 * the spec has them: all strings, checked here.
 */
export const ASSIGN_RATES = defineCommand({
  name: 'postAssignRates',
  event: change<
    null,
    {
      rateAssignmentId: number;
      startAt: string | null;
      endAt: string;
      deadline: string;
      BTCHECRate: string;
      BTCETHRate: string;
      countPayments: number;
      amountETH: string;
      amountHEC: string;
    }
  >()('rate_assignment'),
  description:
    'Fixes the assets of the payments confirmed in [startAt, endAt] and not yet fixed, at the deadline. Dates are ISO-8601 with a zone; rates are decimal strings > 0 with at most 18 places. With fingerprint (from ratesAndBTCAmountAtDeadlineDate for the same window), exactly the payments previewed, else CONFLICT (reason LIST_CHANGED) and nothing changes.',
  access: 'write',
  scope: 'set',
  refreshes: PAYMENT_SET_REFRESHES,
  input: {
    startAt: { type: 'String' },
    endAt: { type: 'String', required: true },
    deadline: { type: 'String', required: true },
    BTCHECRate: { type: 'String', required: true },
    BTCETHRate: { type: 'String', required: true },
    ...FINGERPRINT_INPUT,
  },
  answer: RateAssignmentResultRef,
  handler: async (input, { actor, audit }) => {
    const startAt =
      input.startAt === null || input.startAt === undefined || input.startAt.trim() === ''
        ? null
        : new Date(checkedArg('startAt', DATE_ARG, input.startAt));
    const endAt = new Date(checkedArg('endAt', DATE_ARG, input.endAt));
    const deadline = new Date(checkedArg('deadline', DATE_ARG, input.deadline));
    const hecRate = checkedArg('BTCHECRate', RATE_ARG, input.BTCHECRate);
    const ethRate = checkedArg('BTCETHRate', RATE_ARG, input.BTCETHRate);
    const window = ratesWindow(startAt, endAt, deadline);
    checkFingerprintInput(input.fingerprint);
    return audit.change(async (trx) => {
      await write.allowLongStatements(trx);
      if (!(await write.tryLockRateAssignment(trx))) {
        throw new AppError('CONFLICT', ASSIGNMENT_RUNNING, { reason: 'RATE_ASSIGNMENT_RUNNING' });
      }
      // The payments the preview showed, locked: the commit fixes exactly these (one confirmed
      // later in the window waits for the next commit), or refuses LIST_CHANGED.
      const set = await write.fixableSet(trx, window, { lock: true });
      confirmSet(ASSIGN_RATES_SET, { fingerprint: input.fingerprint }, ratesSet(window, set));
      const done = await write.assignRates(trx, {
        ...window,
        hecRate,
        ethRate,
        adminUserId: actor.adminUserId,
        onlyIds: set.map((p) => p.id),
      });
      if (done.count === 0) {
        throw new AppError('CONFLICT', NOTHING_TO_FIX, { reason: 'NOTHING_TO_FIX' });
      }
      const after = {
        rateAssignmentId: done.id,
        startAt: window.from?.toISOString() ?? null,
        endAt: window.until.toISOString(),
        deadline: window.deadline.toISOString(),
        BTCHECRate: hecRate,
        BTCETHRate: ethRate,
        countPayments: done.count,
        amountETH: done.amountETH,
        amountHEC: done.amountHEC,
      };
      return {
        result: {
          message: `Rates assigned: ${done.count} payment${done.count === 1 ? '' : 's'} fixed.`,
          countPayments: done.count,
          amountETH: done.amountETH,
          amountHEC: done.amountHEC,
        },
        targetIds: [done.id],
        before: null,
        after,
      };
    });
  },
});

/** A commit acts on the payments ratesAndBTCAmountAtDeadlineDate showed (a confirmed set). */
const ASSIGN_RATES_SET = confirmedSetWrite(ASSIGN_RATES.name);

import {
  change,
  compareDecimals,
  namedEvent,
  PAID_USD_MIN,
  paidUsdProblem,
  type PaymentSummary,
} from '@app/shared';
import { defineCommand } from '../../../platform/commands';
import { AppError } from '../../../shared/app-error';
import { badInput, nonNegativeAmount, notFound, positiveId } from '../../../shared/list-input';
import type { PaymentListRow } from '../payments-repository';
import { UserPaymentRef } from '../payments-types';
import * as write from '../payments-write-repository';

/** A client key: what the web app's form sends (one per submitted form). */
const CLIENT_KEY = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * A payment an admin records by hand, already confirmed with its assets set (status
 * asset_fixed, assetFixedAt now). The user's totals and the counts follow in the same
 * transaction (statement triggers).
 */
export const ADD_PAYMENT = defineCommand({
  name: 'postAddUserPayment',
  description:
    'Records a payment by hand: confirmed (confirmedAt, default now) with its assets set (status asset_fixed).',
  access: 'write',
  scope: 'records',
  refreshes: [
    'userPayments',
    'assetUnFixedPayments',
    'ratesAndBTCAmountAtDeadlineDate',
    'csvImports',
  ],
  input: {
    userId: { type: 'Int', required: true },
    planId: { type: 'Int', required: true },
    paidUsd: { type: 'Int', required: true },
    assetETH: { type: 'Decimal', required: true },
    assetHEC: { type: 'Decimal', required: true },
    confirmedAt: { type: 'DateTime' },
    clientKey: {
      type: 'String',
      description:
        'A key the client chooses once per submitted form (16–64 of A-Z a-z 0-9 - _): a second call by the same admin with the same key makes no second payment and answers the first (a double click, a retry after a timeout). The same key with other values: BAD_USER_INPUT, reason PAYMENT_KEY_REUSED.',
    },
  },
  // A replay is its own event: the trail must never read as the same payment added twice.
  audit: {
    add: namedEvent('postAddUserPayment', change<null, PaymentSummary>()('payment')),
    /** A retried add-payment (same admin, same client key) answered with its first payment. */
    replay: namedEvent(
      'postAddUserPaymentReplay',
      change<null, { replayed: boolean; clientKey: string; userPaymentId: string }>()('payment'),
    ),
  },
  answer: UserPaymentRef,
  handler: async (input, { actor, audit, services }) => {
    const userId = positiveId('userId', input.userId);
    const planId = positiveId('planId', input.planId);
    const paidUsd = paidUsdProblem(String(input.paidUsd));
    if (paidUsd) {
      throw badInput('paidUsd', `must be a whole number of ${PAID_USD_MIN} or more.`, paidUsd);
    }
    const assetETH = nonNegativeAmount('assetETH', input.assetETH, 'ETH')!;
    const assetHEC = nonNegativeAmount('assetHEC', input.assetHEC, 'HEC')!;
    if (!/[1-9]/.test(assetETH) && !/[1-9]/.test(assetHEC)) {
      throw badInput('assetETH', 'assetETH and assetHEC must not both be 0.');
    }
    const now = services.clock();
    const confirmedAt = input.confirmedAt ?? now;
    if (confirmedAt.getTime() > now.getTime()) {
      throw badInput('confirmedAt', 'must not be in the future.');
    }
    const clientKey = input.clientKey ?? null;
    if (clientKey !== null && !CLIENT_KEY.test(clientKey)) {
      throw badInput('clientKey', 'must be 16 to 64 letters, digits, - or _.');
    }
    const keyed = clientKey !== null && actor.adminUserId !== null;
    /** A retry (same admin, same key): the first call's payment, when its values are these. */
    const replay = async (found: write.KeyedPayment): Promise<PaymentListRow> => {
      const sameDecimal = (stored: string | null, given: string) =>
        stored !== null && compareDecimals(stored, given) === 0;
      const same =
        found.userId === userId &&
        found.planId === planId &&
        sameDecimal(found.paidUsd, String(input.paidUsd)) &&
        sameDecimal(found.amountETH, assetETH) &&
        sameDecimal(found.amountHEC, assetHEC) &&
        // Without confirmedAt the first call took its own time; a retry cannot repeat it.
        (!input.confirmedAt || found.confirmedAt?.getTime() === input.confirmedAt.getTime());
      if (!same) {
        throw new AppError(
          'BAD_USER_INPUT',
          'clientKey: was already used for another payment; send a new key.',
          { field: 'clientKey', reason: 'PAYMENT_KEY_REUSED', params: {} },
        );
      }
      // Recorded as the replay it is: the trail never reads as the same payment added twice.
      return audit.replay.change(async (trx) => ({
        result: await write.findPaymentRow(trx, found.paymentId),
        targetIds: [found.paymentId],
        before: null,
        after: { replayed: true, clientKey: clientKey!, userPaymentId: found.paymentId },
      }));
    };
    const keyedPayment = () => services.payments.paymentByClientKey(actor.adminUserId!, clientKey!);
    if (keyed) {
      const found = await keyedPayment();
      if (found) return replay(found);
    }
    try {
      return await audit.add.change(async (trx) => {
        if (!(await write.endUserExists(trx, userId))) {
          throw notFound('user', userId, { field: 'userId' });
        }
        const plan = await write.findPlan(trx, planId);
        if (!plan) throw notFound('plan', planId, { field: 'planId' });
        const id = await write.insertPayment(trx, {
          userId,
          planId,
          priceUsd: plan.priceUsd,
          paidUsd: String(input.paidUsd),
          amountETH: assetETH,
          amountHEC: assetHEC,
          confirmedAt,
          assetFixedAt: now,
        });
        if (keyed) await write.insertPaymentClientKey(trx, actor.adminUserId!, clientKey!, id);
        const row = await write.findPaymentRow(trx, id);
        return { result: row, targetIds: [id], before: null, after: row };
      });
    } catch (error) {
      // A retry that ran beside its first attempt waited on the key and failed: the first
      // attempt's payment is its answer.
      if (keyed) {
        const found = await keyedPayment();
        if (found) return replay(found);
      }
      throw error;
    }
  },
});

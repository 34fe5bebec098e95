import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

const SAVING_PLAN = /^(\d+) years? plan$/i;

/**
 * The name of a coin-saving plan in the operator's language. The API names the term plans
 * '1 year plan' … '5 years plan'; those become '1年プラン' in Japanese. Any other plan name
 * (purchase plans such as 'ETH Starter' are product names) is shown as stored.
 */
export function usePlanLabel(): (name: string | null | undefined) => string {
  const { t } = useTranslation();
  return useCallback(
    (name) => {
      const match = SAVING_PLAN.exec(name ?? '');
      return match ? t('planNames.savingYears', { count: Number(match[1]) }) : (name ?? '');
    },
    [t],
  );
}

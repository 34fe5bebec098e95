import type { TFunction } from 'i18next';

/** A refused row of an import or upload report as the API answers it. */
type ImportRowReason = { code: string; params: string; message: string };

/**
 * The one place a refused row's reason becomes text: `transactions.reasons.<code>` (the
 * texts of IMPORT_REASON_TEXTS_* in packages/shared, loaded with the screens) with its
 * parameters; a request status among them is worded too. The server's English only for a
 * code this build does not know.
 */
export function importReasonText(e: ImportRowReason, t: TFunction): string {
  let params: Record<string, string | number> = {};
  try {
    params = JSON.parse(e.params) as Record<string, string | number>;
  } catch {
    // Parameters are optional decoration of the reason.
  }
  if (typeof params.status === 'string')
    params = {
      ...params,
      status: t(`withdrawalStatus.${params.status}`, { defaultValue: params.status }),
    };
  return t(`transactions.reasons.${e.code}`, { ...params, defaultValue: e.message });
}

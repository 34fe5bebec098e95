import { useTranslation } from 'react-i18next';
import { Stack, Typography } from '@mui/material';
import { AddPaymentSection } from './add-payment-section';
import { CsvUploadSection } from './csv-upload-section';
import { ImportHistory } from './import-history';
import { PaymentsListSection } from './payments-list-section';
import { RatesSection } from './rates-section';
import '@/i18n/screens';

/**
 * /common/transactions (spec section 2): the payments list with its filters and the place of
 * its export buttons, then import rates by CSV, the rate form with its preview, add a payment
 * one by one or by CSV with the template, and the import history.
 */
export function TransactionsPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('transactions.intro')}
      </Typography>
      {/* The list first: it is what the screen is opened for most days, and under five
          forms its first row was 1,700 px down at 1366×768; the imports and forms follow in
          the order of a day's work (docs/list-conventions.md "Fitting the laptop"). */}
      <PaymentsListSection />
      <CsvUploadSection kind="rates" />
      <RatesSection />
      <AddPaymentSection />
      <CsvUploadSection kind="payments" />
      <ImportHistory />
    </Stack>
  );
}

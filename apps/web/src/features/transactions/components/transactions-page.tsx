import { useTranslation } from 'react-i18next';
import { Stack, Typography } from '@mui/material';
import { AddPaymentSection } from './add-payment-section';
import { CsvUploadSection } from './csv-upload-section';
import { ImportHistory } from './import-history';
import { PaymentsListSection } from './payments-list-section';
import { RatesSection } from './rates-section';
import '@/i18n/screens';

/**
 * /common/transactions (spec section 2): import rates by CSV, the rate form with its preview,
 * add a payment one by one or by CSV with the template, the import history, and the payments
 * list with its filters and the place of its export buttons.
 */
export function TransactionsPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('transactions.intro')}
      </Typography>
      <CsvUploadSection kind="rates" />
      <RatesSection />
      <AddPaymentSection />
      <CsvUploadSection kind="payments" />
      <ImportHistory />
      <PaymentsListSection />
    </Stack>
  );
}

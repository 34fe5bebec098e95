import { useTranslation } from 'react-i18next';
import { Chip } from '@mui/material';
import { isCardStatus } from '@app/shared';

// The values (0 None … 6 Black, spec section 4) are packages/shared's, the API's too.
export { CARD_STATUSES } from '@app/shared';

/** The translated name of a card status ('cardStatus.s0' … 's6'); an unknown one as sent. */
export function useCardStatusLabel() {
  const { t } = useTranslation();
  return (status: number) => (isCardStatus(status) ? t(`cardStatus.s${status}`) : String(status));
}

/** A card status as a small named chip. */
export function CardStatusChip({ status }: { status: number }) {
  const label = useCardStatusLabel();
  return <Chip size="small" variant="outlined" label={label(status)} />;
}

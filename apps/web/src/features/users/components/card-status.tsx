import { useTranslation } from 'react-i18next';
import { Chip } from '@mui/material';

/** Card statuses 0 None … 6 Black (spec section 4). */
export const CARD_STATUSES = [0, 1, 2, 3, 4, 5, 6] as const;

/** The translated name of a card status ('cardStatus.s0' … 's6'). */
export function useCardStatusLabel() {
  const { t } = useTranslation();
  return (status: number) =>
    CARD_STATUSES.includes(status as (typeof CARD_STATUSES)[number])
      ? t(`cardStatus.s${status as (typeof CARD_STATUSES)[number]}`)
      : String(status);
}

/** A card status as a small named chip. */
export function CardStatusChip({ status }: { status: number }) {
  const label = useCardStatusLabel();
  return <Chip size="small" variant="outlined" label={label(status)} />;
}

import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import { Box } from '@mui/material';
import {
  amountDigits,
  compactAmount,
  FRACTION_GROUP,
  groupFraction,
  ROUNDED_MARK,
  type AmountUnit,
} from '@/lib/amount';

/** The look of an exact-value tip (an amount's, a chart point's): small light text on dark. */
export const tipSx = {
  pointerEvents: 'none',
  px: 1,
  py: 0.5,
  borderRadius: 1,
  bgcolor: 'grey.800',
  color: 'common.white',
  typography: 'caption',
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
  boxShadow: 2,
} as const;

/**
 * The one way a screen shows an amount (docs/domain.md, "Money on screen"): at most 8 decimals
 * (USD in cents), trailing zeros trimmed, a leading '≈' when digits were rounded away, and
 * the exact value on hover, in its accessible name and on copy. `exact` (where an operator
 * decides: approval, rejection, a signing export's or an import's confirmation) shows every
 * digit instead, the decimals grouped in threes to be read aloud.
 * `aligned` (in table columns) keeps the fraction in a slot of fixed width, so that
 * right-aligned amounts line up on the decimal point; `unit` follows the digits (a column names it in its
 * header instead). An amount is never a tab stop of its own (a list of 20 rows × 5 amounts
 * would be 100 extra stops): the focus of the control or row holding it (`AMOUNT_HOST`) shows
 * its tooltip, and a screen reader reads the exact value from its name.
 */
export function AmountText({
  value,
  unit,
  showUnit = true,
  aligned = false,
  maxFractionDigits,
  minFractionDigits,
  exact = false,
}: {
  value: string | null | undefined;
  unit?: AmountUnit;
  /** False where a column header names the unit: it still sets the decimals and the tooltip. */
  showUnit?: boolean;
  aligned?: boolean;
  maxFractionDigits?: number;
  minFractionDigits?: number;
  /** Every digit, grouped (a decision's amount); never rounded, so no tooltip. */
  exact?: boolean;
}) {
  const digits = amountDigits(unit);
  const max = exact ? Number.MAX_SAFE_INTEGER : (maxFractionDigits ?? digits.max);
  const amount = compactAmount(value, {
    maxFractionDigits: max,
    minFractionDigits: minFractionDigits ?? digits.min,
  });
  const tipId = useId();
  const [tip, setTip] = useState<TipPlace | null>(null);
  const ref = useRef<HTMLSpanElement>(null);
  const rounded = amount?.rounded ?? false;
  useEffect(() => {
    const host = ref.current?.parentElement?.closest<HTMLElement>(AMOUNT_HOST);
    if (!rounded || !host) return;
    const on = () => ref.current && setTip(placeTip(ref.current.getBoundingClientRect()));
    const off = () => setTip(null);
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') off();
    };
    host.addEventListener('focus', on);
    host.addEventListener('blur', off);
    host.addEventListener('keydown', escape);
    return () => {
      host.removeEventListener('focus', on);
      host.removeEventListener('blur', off);
      host.removeEventListener('keydown', escape);
    };
  }, [rounded]);
  if (!amount) return <>{value ?? ''}</>;
  if (exact)
    return (
      <Box
        component="span"
        data-amount=""
        data-exact={amount.exact}
        sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {groupFraction(amount.exact)}
        {unit && showUnit ? ` ${unit}` : ''}
      </Box>
    );
  const fraction = amount.fraction ? `.${amount.fraction}` : '';
  const show = (event: MouseEvent<HTMLElement>) =>
    setTip(placeTip(event.currentTarget.getBoundingClientRect()));
  const hide = () => setTip(null);
  const exactText = `${amount.exact}${unit ? ` ${unit}` : ''}`;
  // A dotted underline says "more on hover"; an inline-block slot does not inherit it.
  const dotted = rounded
    ? {
        textDecoration: 'underline dotted',
        textDecorationColor: 'currentColor',
        textUnderlineOffset: '0.2em',
      }
    : {};
  return (
    <Box
      ref={ref}
      component="span"
      data-amount=""
      data-exact={amount.exact}
      data-rounded={rounded ? '' : undefined}
      // The exact value is what a screen reader reads, and what a focused row's name holds.
      aria-label={rounded ? exactText : undefined}
      aria-describedby={tip ? tipId : undefined}
      onMouseEnter={rounded ? show : undefined}
      onMouseLeave={rounded ? hide : undefined}
      sx={{
        fontVariantNumeric: 'tabular-nums',
        whiteSpace: 'nowrap',
        ...(rounded && {
          cursor: 'help',
          ...dotted,
        }),
      }}
    >
      {rounded ? ROUNDED_MARK : ''}
      {amount.whole}
      {aligned && max > 0 ? (
        <Box
          component="span"
          // The point and the digits.
          sx={{ display: 'inline-block', minWidth: `${max + 1}ch`, textAlign: 'left', ...dotted }}
        >
          {fraction}
        </Box>
      ) : (
        fraction
      )}
      {unit && showUnit ? ` ${unit}` : ''}
      {tip &&
        createPortal(
          <Box
            component="span"
            role="tooltip"
            id={tipId}
            data-testid="amount-tooltip"
            style={tip}
            sx={{ position: 'fixed', zIndex: 1500, ...tipSx }}
          >
            {exactText}
          </Box>,
          document.body,
        )}
    </Box>
  );
}

// Where the amount goes in a translated sentence (an invisible separator, never in a text).
const SLOT = '\u2063';

/**
 * A translated sentence with an amount in it: `sentence(slot)` is the text with `slot` where
 * the amount goes ('{{count}} 件 / {{amount}}' with amount: slot).
 */
export function AmountSentence({
  sentence,
  value,
  unit,
  exact,
}: {
  sentence: (slot: string) => string;
  value: string | null | undefined;
  unit?: AmountUnit;
  exact?: boolean;
}) {
  const [before = '', after = ''] = sentence(SLOT).split(SLOT);
  return (
    <>
      {before}
      <AmountText value={value} unit={unit} exact={exact} />
      {after}
    </>
  );
}

/**
 * What holds an amount and takes the focus for it: a link, a button, or a row or cell that
 * opens (a scrolling table's own tab stop is not one: it would show every amount at once).
 */
const AMOUNT_HOST = 'a[href], button, tr[tabindex], td[tabindex], [role="row"][tabindex]';

type TipPlace = { left?: number; right?: number; top?: number; bottom?: number };

/**
 * Where the exact value shows: fixed to the viewport (so no scrolling table or card clips it),
 * above the amount when there is room, starting at its edge on the side with more space.
 */
function placeTip(rect: DOMRect): TipPlace {
  const width = document.documentElement.clientWidth;
  const height = document.documentElement.clientHeight;
  const horizontal =
    rect.left + rect.width / 2 < width / 2
      ? { left: Math.max(4, rect.left) }
      : { right: Math.max(4, width - rect.right) };
  return rect.top > 36
    ? { ...horizontal, bottom: height - rect.top + 4 }
    : { ...horizontal, top: rect.bottom + 4 };
}

/**
 * Copying puts exact values on the clipboard, never the rounded digits shown: a selection
 * within one amount copies its exact value; a selection over a row, a card or a page writes
 * each whole amount in it exactly; Ctrl+C on a focused link or row holding one amount copies
 * that amount's exact value. One listener for the
 * document, added when this module loads.
 */
export function exactCopyText(selection: Selection | null, active: Element | null): string | null {
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) {
    const held = active?.matches(AMOUNT_HOST) ? active.querySelectorAll('[data-exact]') : null;
    const focused = active?.closest('[data-exact]') ?? (held?.length === 1 ? held[0] : null);
    return focused ? (focused.getAttribute('data-exact') ?? null) : null;
  }
  const common = selection.getRangeAt(0).commonAncestorContainer;
  const within = (common instanceof Element ? common : common.parentElement)?.closest(
    '[data-exact]',
  );
  if (within) return within.getAttribute('data-exact');
  // The grouping of exact decimals is for reading; the clipboard gets the plain digits.
  const text = selection.toString().replace(GROUPED_DIGITS, '$1');
  let out = '';
  let cursor = 0;
  let replaced = false;
  for (const element of document.querySelectorAll('[data-rounded]')) {
    if (!selection.containsNode(element, false)) continue;
    // The digits as shown (with their mark), without the unit after them.
    const number = (element.textContent ?? '').split(' ')[0] ?? '';
    const at = number ? text.indexOf(number, cursor) : -1;
    if (at < 0) continue;
    out += `${text.slice(cursor, at)}${element.getAttribute('data-exact') ?? number}`;
    cursor = at + number.length;
    replaced = true;
  }
  return replaced || text !== selection.toString() ? out + text.slice(cursor) : null;
}

const GROUPED_DIGITS = new RegExp(`(\\d)${FRACTION_GROUP}(?=\\d)`, 'g');

if (typeof document !== 'undefined') {
  document.addEventListener('copy', (event) => {
    const text = exactCopyText(window.getSelection(), document.activeElement);
    if (text === null || !event.clipboardData) return;
    event.clipboardData.setData('text/plain', text);
    event.preventDefault();
  });
}

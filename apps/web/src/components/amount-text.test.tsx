import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AmountSentence, AmountText, exactCopyText } from './amount-text';

const HEC = '514.754533716227465633';

describe('AmountText (the one way a screen shows an amount)', () => {
  it('shows a rounded amount compact, marked with a leading ≈, exact in its data', () => {
    const { container } = render(<AmountText value={HEC} unit="HEC" />);
    const amount = container.querySelector('[data-amount]')!;
    expect(amount.textContent).toBe('≈514.75453372 HEC');
    expect(amount.getAttribute('data-exact')).toBe(HEC);
    expect(amount.hasAttribute('data-rounded')).toBe(true);
  });

  it('shows an exact amount as it is: no mark, no tab stop, no tooltip, no label', async () => {
    const { container } = render(<AmountText value="1234.500000000000000000" unit="HEC" />);
    const amount = container.querySelector<HTMLElement>('[data-amount]')!;
    expect(amount.textContent).toBe('1,234.5 HEC');
    expect(amount.hasAttribute('data-rounded')).toBe(false);
    expect(amount.tabIndex).toBe(-1);
    expect(amount.hasAttribute('aria-label')).toBe(false);
    await userEvent.hover(amount);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows every digit where an operator decides (exact), the decimals grouped in threes', async () => {
    const { container } = render(<AmountText value="40167.327629790000000000" unit="HEC" exact />);
    const amount = container.querySelector<HTMLElement>('[data-amount]')!;
    expect(amount.textContent).toBe('40,167.327\u202f629\u202f79 HEC');
    expect(amount.getAttribute('data-exact')).toBe('40,167.32762979');
    expect(amount.hasAttribute('data-rounded')).toBe(false);
    await userEvent.hover(amount);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows the exact value with its unit on hover', async () => {
    const { container } = render(<AmountText value={HEC} unit="HEC" />);
    const amount = container.querySelector<HTMLElement>('[data-amount]')!;
    await userEvent.hover(amount);
    expect(screen.getByRole('tooltip').textContent).toBe(`${HEC} HEC`);
    expect(amount.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);
    await userEvent.unhover(amount);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('is no tab stop: its name carries the exact value, Tab goes past it', async () => {
    render(
      <>
        <button type="button">before</button>
        <AmountText value="-14721.964442520363376278" unit="HEC" />
        <AmountText value={HEC} unit="HEC" />
        <button type="button">after</button>
      </>,
    );
    const amounts = document.querySelectorAll<HTMLElement>('[data-amount]');
    expect([...amounts].map((a) => a.hasAttribute('tabindex'))).toEqual([false, false]);
    expect(amounts[0]!.getAttribute('aria-label')).toBe('-14,721.964442520363376278 HEC');
    screen.getByRole('button', { name: 'before' }).focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'after' }));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('in a row that opens, the row’s focus shows the exact value; Escape hides it', async () => {
    render(
      <table>
        <tbody>
          <tr tabIndex={0}>
            <td>
              <AmountText value={HEC} unit="HEC" />
            </td>
            <td>
              <AmountText value="2.5" unit="ETH" />
            </td>
          </tr>
        </tbody>
      </table>,
    );
    await userEvent.tab();
    expect(document.activeElement?.tagName).toBe('TR');
    // Only the rounded amount has a tooltip.
    expect(screen.getAllByRole('tooltip').map((t) => t.textContent)).toEqual([`${HEC} HEC`]);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('inside a link, the link’s focus shows the exact value; Ctrl+C there copies it', () => {
    render(
      <a href="/x">
        <AmountText value={HEC} unit="HEC" />
      </a>,
    );
    const link = screen.getByRole('link');
    expect(link.querySelector('[tabindex]')).toBeNull();
    fireEvent.focus(link);
    expect(screen.getByRole('tooltip').textContent).toBe(`${HEC} HEC`);
    expect(exactCopyText(window.getSelection(), link)).toBe(HEC);
    fireEvent.blur(link);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('a scrolling table’s own tab stop shows no tooltip (it would show every amount)', () => {
    const { container } = render(
      <div tabIndex={0} role="group">
        <AmountText value={HEC} unit="HEC" />
      </div>,
    );
    fireEvent.focus(container.querySelector('[role="group"]')!);
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('writes zero, negatives and very large values exactly where they fit', () => {
    const { container } = render(
      <>
        <AmountText value="0.000000000000000000" unit="ETH" />
        <AmountText value="-3" unit="ETH" />
        <AmountText value="99999999999999999999.999999999999999999" unit="HEC" />
        <AmountText value="1234.5" unit="USD" />
      </>,
    );
    const shown = [...container.querySelectorAll('[data-amount]')].map((e) => e.textContent);
    expect(shown).toEqual(['0 ETH', '-3 ETH', '≈100,000,000,000,000,000,000 HEC', '1,234.50 USD']);
  });

  it('aligned, keeps the fraction (and its mark) in a slot of one width per column', () => {
    const { container } = render(
      <>
        <AmountText value="1" aligned />
        <AmountText value={HEC} aligned />
      </>,
    );
    const slots = [...container.querySelectorAll('[data-amount] > span')] as HTMLElement[];
    expect(slots.map((s) => s.textContent)).toEqual(['', '.75453372']);
    // The point and 8 digits (the mark leads the figure, outside the slot).
    expect(slots.map((s) => getComputedStyle(s).minWidth)).toEqual(['9ch', '9ch']);
  });

  it('puts an amount into a translated sentence', () => {
    const { container } = render(
      <p>
        <AmountSentence sentence={(slot) => `3 件 / ${slot}`} value={HEC} unit="ETH" />
      </p>,
    );
    expect(container.textContent).toBe('3 件 / ≈514.75453372 ETH');
  });
});

describe('copying amounts (exact on the clipboard)', () => {
  function select(node: Node) {
    const range = document.createRange();
    range.selectNodeContents(node);
    const selection = window.getSelection()!;
    selection.removeAllRanges();
    selection.addRange(range);
    return selection;
  }

  it('copies the exact value of a selected amount, and of one in the focused element', () => {
    const { container } = render(<AmountText value={HEC} unit="HEC" />);
    const amount = container.querySelector<HTMLElement>('[data-amount]')!;
    expect(exactCopyText(select(amount.firstChild!), null)).toBe('514.754533716227465633');
    window.getSelection()!.removeAllRanges();
    expect(exactCopyText(window.getSelection(), amount)).toBe('514.754533716227465633');
    expect(exactCopyText(window.getSelection(), document.body)).toBeNull();
  });

  it('writes every rounded amount of a selected card exactly, the rest as shown', () => {
    const { container } = render(
      <section>
        <h2>Campaign</h2>
        <AmountText value={HEC} unit="HEC" />
        <p>
          前期間比 −<AmountText value="14721.964442520363376278" unit="HEC" />
        </p>
        <AmountText value="2.5" unit="ETH" />
      </section>,
    );
    const card = container.querySelector('section')!;
    const selection = select(card);
    expect(selection.toString()).toContain('≈514.75453372 HEC');
    expect(exactCopyText(selection, null)).toBe(
      'Campaign514.754533716227465633 HEC前期間比 −14,721.964442520363376278 HEC2.5 ETH',
    );
  });

  it('copies grouped exact decimals as plain digits', () => {
    const { container } = render(
      <p>
        承認します: <AmountText value={HEC} unit="HEC" exact />
      </p>,
    );
    const selection = select(container.querySelector('p')!);
    expect(selection.toString()).toContain('514.754\u202f533\u202f716');
    expect(exactCopyText(selection, null)).toBe('承認します: 514.754533716227465633 HEC');
  });

  it('puts the exact value on the clipboard when the page is copied', () => {
    const { container } = render(<AmountText value={HEC} unit="HEC" />);
    select(container.querySelector('[data-amount]')!);
    const data = new Map<string, string>();
    const event = new Event('copy', { bubbles: true, cancelable: true }) as ClipboardEvent;
    Object.defineProperty(event, 'clipboardData', {
      value: { setData: (type: string, text: string) => data.set(type, text) },
    });
    document.dispatchEvent(event);
    expect(data.get('text/plain')).toBe('514.754533716227465633');
    expect(event.defaultPrevented).toBe(true);
  });
});

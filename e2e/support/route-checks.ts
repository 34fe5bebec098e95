import type { Page } from 'playwright-core';

// The checks the walk over every route runs on each page it opens (e2e/every-route.e2e.ts):
// layout (issue 26, fit the laptop), language (one language) and write controls (actions
// that cannot be taken are not offered). Each reads the page as it is and returns what it
// finds, so one page load serves all of them and a self-test can hand them a made-up page.

/** The laptop's fold: a list's first row must end above it at 1366×768. */
export const FOLD = 768;

/**
 * What does not fit on the page as it is first shown (scrolled to the top): the page's main
 * list (its first table) with its first row ending below `fold`; any list (`ul`, `ol`, `dl`,
 * `role=list|grid`) wider than its scrolling area; any table or list in the main area or in
 * an open dialog that passes the panel it sits in; a table cut without a way to reach the rest
 * (`cutTables`); and a page wider than the window.
 */
export async function misfits(page: Page, fold: number): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, 0));
  return page
    .evaluate((foldAt) => {
      const out: string[] = [];
      const shown = (el: Element) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
      };
      const name = (el: HTMLElement) => {
        const own =
          el.getAttribute('aria-label') ??
          el.closest('[aria-label]')?.getAttribute('aria-label') ??
          el.querySelector('th, li, dt')?.textContent?.trim().slice(0, 40);
        return `${el.tagName.toLowerCase()} "${own ?? ''}"`;
      };
      const dialogs = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].filter(shown);
      const scopes = dialogs.length > 0 ? dialogs : [document.querySelector('main')!];
      for (const scope of scopes) {
        if (!scope) continue;
        const where = scope.matches('[role="dialog"]') ? ' (dialog)' : '';
        const tables = [...scope.querySelectorAll<HTMLTableElement>('table')].filter(shown);
        // The page's main list is what an operator came for: its first row is above the fold.
        // A list under a heading of its own further down (a detail's sections) is scrolled to.
        const first = tables[0]?.querySelector('tbody tr');
        if (!where && first) {
          const bottom = Math.round(first.getBoundingClientRect().bottom + window.scrollY);
          if (bottom > foldAt) out.push(`first row of ${name(tables[0]!)} ends at y=${bottom}`);
        }
        const lists = [
          ...scope.querySelectorAll<HTMLElement>('ul, ol, dl, [role="list"], [role="grid"]'),
        ].filter((el) => shown(el) && !el.closest('table'));
        for (const el of [...tables, ...lists]) {
          const isTable = el.tagName === 'TABLE';
          const area = isTable
            ? (el.closest<HTMLElement>('.MuiTableContainer-root') ?? el.parentElement!)
            : el;
          // A table wider than its box is checked by `cutTables` (it may scroll sideways when
          // the operator can see and reach what is cut); a list must fit.
          const scrolls = getComputedStyle(area).overflowX;
          const clips = scrolls === 'auto' || scrolls === 'scroll' || scrolls === 'visible';
          if (!isTable && clips && area.scrollWidth > area.clientWidth + 1)
            out.push(`${name(el)}${where}: ${area.scrollWidth} px in ${area.clientWidth} px`);
          // Its box, in turn, stays inside the panel it sits in (the dialog, at the least).
          const panel = area.parentElement?.closest<HTMLElement>(
            '.MuiPaper-root, .MuiCard-root, [role="dialog"]',
          );
          const right = area.getBoundingClientRect().right;
          const edge = panel?.getBoundingClientRect().right ?? window.innerWidth;
          if (right > edge + 1)
            out.push(`${name(el)}${where} passes its panel by ${Math.round(right - edge)} px`);
        }
      }
      const pageWidth = document.documentElement.scrollWidth;
      if (pageWidth > window.innerWidth)
        out.push(`page ${pageWidth} px wide in ${window.innerWidth}`);
      return out;
    }, fold)
    .then(async (found) => [...found, ...(await cutTables(page))]);
}

/**
 * Tables whose content is cut without a visible way to reach it (issue 35: the asset
 * statistics were 1794 px in a 1060 px card, no scrollbar in sight, the sums row found only by
 * scrolling inside it). A table wider than its box passes only when the box scrolls sideways,
 * its scrollbar is in view once the box is (the box is no taller than the window below the
 * app bar), its first column is pinned (sticky at the left edge, so each row stays named), and
 * its totals row (`tfoot`) is pinned at the bottom when the box also scrolls up and down.
 * Tables in an open dialog, else in the main area; one line per table and problem.
 */
export async function cutTables(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const dialogs = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].filter(shown);
    const scopes = dialogs.length > 0 ? dialogs : [document.querySelector('main')];
    // What stays on screen above a scrolled-to box: the app bar.
    const bar = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
    for (const scope of scopes) {
      if (!scope) continue;
      const where = scope.matches('[role="dialog"]') ? ' (dialog)' : '';
      for (const table of [...scope.querySelectorAll<HTMLTableElement>('table')].filter(shown)) {
        const area = table.closest<HTMLElement>('.MuiTableContainer-root') ?? table.parentElement!;
        if (area.scrollWidth <= area.clientWidth + 1) continue;
        const label = `table "${table.getAttribute('aria-label') ?? table.querySelector('th')?.textContent?.trim().slice(0, 40) ?? ''}"${where}: ${area.scrollWidth} px in ${area.clientWidth} px`;
        const style = getComputedStyle(area);
        if (!/auto|scroll/.test(style.overflowX) || style.scrollbarWidth === 'none') {
          out.push(`${label}, cut with no scrollbar`);
          continue;
        }
        const height = area.getBoundingClientRect().height;
        if (height > window.innerHeight - bar + 1)
          out.push(
            `${label}, its scrollbar out of sight (box ${Math.round(height)} px high, window ${window.innerHeight - Math.round(bar)})`,
          );
        const rows = [...table.rows].filter((row) => row.cells.length > 1);
        const loose = rows.filter((row) => {
          const first = getComputedStyle(row.cells[0]!);
          return first.position !== 'sticky' || first.left !== '0px';
        });
        if (loose.length > 0) out.push(`${label}, first column not pinned (${loose.length} rows)`);
        const scrollsDown = area.scrollHeight > area.clientHeight + 1;
        const totals = table.tFoot ? [...table.tFoot.rows].flatMap((row) => [...row.cells]) : [];
        if (scrollsDown && totals.some((cell) => getComputedStyle(cell).position !== 'sticky'))
          out.push(`${label}, totals row not pinned`);
      }
    }
    return out;
  });
}

/**
 * Controls an operator cannot reach because a panel cuts them off (the pager's next-page
 * arrow fell outside its card at 390 px in English, where "Rows per page" and "1–20 of 2,000"
 * are longer: a phone could not go past the first page). A shown button, link or field in the
 * main area or an open dialog whose box passes the window or an ancestor that hides what
 * passes it, outside any area that scrolls sideways (a table's is checked by `cutTables`).
 */
export async function cutControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const dialogs = [...document.querySelectorAll<HTMLElement>('[role="dialog"]')].filter(
      (el) => el.getBoundingClientRect().width > 0,
    );
    const scopes = dialogs.length > 0 ? dialogs : [document.querySelector('main')];
    const controls =
      'button, a[href], input:not([type="hidden"]), [role="button"], [role="combobox"]';
    for (const scope of scopes) {
      if (!scope) continue;
      for (const el of scope.querySelectorAll<HTMLElement>(controls)) {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden')
          continue;
        if (el.closest('.MuiTableContainer-root')) continue;
        // Inside an area that scrolls sideways (a row of tabs swiped on a phone), a control is
        // reached by scrolling it; an area that hides what passes it cuts the control off.
        let right = window.innerWidth;
        let scrolls = false;
        for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
          const overflow = getComputedStyle(up).overflowX;
          if (overflow === 'auto' || overflow === 'scroll') {
            scrolls = true;
            break;
          }
          if (overflow !== 'visible') right = Math.min(right, up.getBoundingClientRect().right);
        }
        if (!scrolls && box.right > right + 1) {
          const name =
            el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? el.tagName;
          out.push(`control "${name}" cut by ${Math.round(box.right - right)} px`);
        }
      }
    }
    return out;
  });
}

/**
 * Words that are the same in both languages: units and currencies, brand and product names,
 * formats an operator names as they are. Anything else in Latin letters on a Japanese screen
 * is a text that was not translated.
 */
const ALLOWED_IN_JA = new Set([
  // currencies, coins, units
  'HEC',
  'ETH',
  'USD',
  'USDT',
  'BTC',
  'ATEM',
  'OWL',
  'AUBE',
  'JPY',
  'KiB',
  'MiB',
  'KB',
  'MB',
  // formats and standards named as they are
  'CSV',
  'ID',
  'URL',
  'QR',
  'TOTP',
  'IP',
  'OK',
  'JA',
  'EN',
  'JST',
  'UTC',
  'BOM',
  'Excel',
  // brands and the product's own names (spec: ForceClub, MetaX, the Ex bonus)
  'Aube',
  'ForceClub',
  'Force',
  'Club',
  'METAX',
  'MetaX',
  'Ex',
  'Ethereum',
  'Google',
  'Authenticator',
]);

/**
 * Text that is data or code, not wording: e-mail addresses, hashes and addresses, URLs, file
 * names, time zone names, and any token with a digit in it (ids, user names such as
 * `grace.thomas1984`, versions). `super_admin` has none, so a raw code still counts.
 */
const DATA_PATTERNS: RegExp[] = [
  /[\w.+-]+@[\w…-]*(\.[\w…-]+)*/g, // e-mail, shortened or not
  /\b0x[0-9a-fA-F…]+/g,
  /\bhttps?:\/\/\S+/g,
  /\b[\w-]+\.(csv|png|jpg|pdf|txt)\b/gi,
  /\b[A-Z][a-z]+\/[A-Za-z_]+\b/g, // IANA zone names (Asia/Tokyo)
  /[^\s\u3000-\u30ff\u3400-\u9fff\uff00-\uffef,()]*[0-9…][^\s\u3000-\u30ff\u3400-\u9fff\uff00-\uffef,()]*/g,
];

const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff\uff01-\uff60]/;

/**
 * The language check: `dataTexts` are the strings the demo's data holds (names, titles users
 * and admins wrote), which are not wording and are skipped.
 */
export function languageCheck(dataTexts: string[]) {
  // Longest first, so a title is removed before a shorter value inside it.
  const data = [...dataTexts].filter(Boolean).sort((a, b) => b.length - a.length);
  const withoutData = (text: string) => {
    // A value cut short on screen ("Question about referral rewar…", whole on hover) is still
    // that value.
    const cut = text.endsWith('…') ? text.slice(0, -1) : '';
    if (cut.length >= 8 && data.some((value) => value.startsWith(cut))) return ' ';
    let rest = text;
    for (const value of data) rest = rest.split(value).join(' ');
    return rest;
  };
  return {
    /** English words of a text on a Japanese screen, outside the allowed codes and units. */
    englishWords(text: string): string[] {
      let rest = withoutData(text);
      for (const pattern of DATA_PATTERNS) rest = rest.replace(pattern, ' ');
      return (rest.match(/[A-Za-z][A-Za-z'’_-]*[A-Za-z]/g) ?? []).filter(
        (word) => !ALLOWED_IN_JA.has(word),
      );
    },
    /** Whether a text on an English screen holds Japanese outside data. */
    hasJapanese(text: string): boolean {
      return JAPANESE.test(withoutData(text));
    },
  };
}

/** What the language check says about one state's texts, a line per word or text. */
export function languageProblems(
  check: ReturnType<typeof languageCheck>,
  locale: 'ja' | 'en',
  texts: string[],
): string[] {
  const out: string[] = [];
  for (const text of texts) {
    if (locale === 'ja') {
      for (const word of check.englishWords(text)) out.push(`${word} in "${text.slice(0, 80)}"`);
    } else if (check.hasJapanese(text)) {
      out.push(`"${text.slice(0, 80)}"`);
    }
  }
  return out;
}

/**
 * The visible text of the page and the texts read aloud or shown on hover (aria-label, title,
 * placeholder, alt). Text inside `code` or `kbd` (column names of a CSV file, typed as they
 * are) is a code and skipped.
 */
export async function collectTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const visible = (el: Element) => {
      const box = (el as HTMLElement).getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent?.trim();
      if (!parent || !text) continue;
      if (parent.closest('code, kbd, script, style')) continue;
      if (!visible(parent)) continue;
      out.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      if (!visible(el)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(name)?.trim();
        if (value) out.push(value);
      }
    }
    return out;
  });
}

/**
 * The browser's own date and time inputs on the page (issue 35): they follow the browser's
 * language, not the admin's (`mm/dd/yyyy` on a Japanese screen); every date is typed and
 * picked in the console's field (components/date-input.tsx). Named by label or name.
 */
export async function nativeDateInputs(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLInputElement>(
        'input[type="date"], input[type="datetime-local"], input[type="time"], input[type="month"], input[type="week"]',
      ),
    ].map((el) => {
      const label =
        (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null) ??
        el.getAttribute('aria-label') ??
        el.name;
      return `native ${el.type} input "${(label ?? '').trim().slice(0, 40)}"`;
    }),
  );
}

export type WriteControls = {
  /** Write controls a click would use: marked write actions and file choosers, enabled. */
  enabledWrites: string[];
  /** Disabled write actions without the reason shown on hover. */
  unexplained: string[];
  /**
   * Fields of a write form a reader could still type in, pick from or search with: enabled
   * fields inside a `data-write-form`, or inside a card, panel or form that holds a write
   * action (a filter form, `role=search`, and a table's pager are reading, not writing).
   */
  liveFields: string[];
  /** Selection boxes in a table's rows (they lead to actions a reader cannot take). */
  selectionBoxes: number;
  /** Marked write actions on the page, enabled or not. */
  guarded: number;
  /** File choosers on the page (an upload always writes). */
  files: number;
};

/**
 * The page's write controls: every element marked as a write action and every file chooser
 * (an upload always writes), enabled or not, and whether a disabled one carries its reason.
 */
export async function writeControls(page: Page): Promise<WriteControls> {
  return page.evaluate(() => {
    const isDisabled = (el: Element) =>
      (el as HTMLButtonElement).disabled === true ||
      el.getAttribute('aria-disabled') === 'true' ||
      el.classList.contains('Mui-disabled') ||
      el.querySelector('.Mui-disabled, :disabled') !== null;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const marked = [...document.querySelectorAll('[data-write-action]')];
    const files = [...document.querySelectorAll('input[type=file]')];
    const enabledWrites = [
      ...marked.filter((el) => !isDisabled(el)).map(describe),
      ...files
        .filter((el) => !(el as HTMLInputElement).disabled)
        .map((el) => `file input ${el.getAttribute('data-testid') ?? ''}`),
    ];
    const unexplained = marked
      .filter((el) => isDisabled(el))
      .filter((el) => !el.closest('[data-action-reason]')?.getAttribute('data-action-reason'))
      .map(describe);
    const fieldSelector =
      // A date field's sections (MUI X, components/date-input.tsx) are typed in as spinbuttons.
      'input:not([type=hidden]):not([type=file]):not([aria-hidden=true]), textarea:not([aria-hidden=true]), select, [role="combobox"], [role="spinbutton"]';
    const fieldDisabled = (el: Element) =>
      (el as HTMLInputElement).disabled === true ||
      (el as HTMLInputElement).readOnly === true ||
      el.getAttribute('aria-disabled') === 'true' ||
      el.closest('.Mui-disabled') !== null;
    const fieldName = (el: Element) => {
      const id = el.getAttribute('id');
      const label =
        el.getAttribute('aria-label') ??
        (id ? document.querySelector(`label[for="${id}"]`)?.textContent : null) ??
        el.closest('.MuiFormControl-root')?.querySelector('label')?.textContent ??
        el.getAttribute('data-testid') ??
        el.getAttribute('name') ??
        '';
      return `${el.tagName.toLowerCase()} "${label.trim().slice(0, 40)}"`;
    };
    const writeScope = (el: Element) => {
      if (el.closest('[data-write-form]')) return true;
      // A row's box is counted as a selection box below.
      if (el.closest('tbody')) return false;
      if (el.closest('[role="search"], .MuiTablePagination-root, [role="tablist"]')) return false;
      const section = el.closest('form, .MuiCard-root, .MuiPaper-root');
      return section !== null && section.querySelector('[data-write-action]') !== null;
    };
    const liveFields = [
      ...document.querySelectorAll('main ' + fieldSelector.split(', ').join(', main ')),
    ]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        const hiddenInput = (el as HTMLElement).offsetParent === null && box.width === 0;
        return !hiddenInput || el.getAttribute('role') === 'combobox';
      })
      .filter((el) => !fieldDisabled(el) && writeScope(el))
      .map(fieldName);
    const selectionBoxes = [
      ...document.querySelectorAll('main tbody input[type=checkbox], main tbody [role="checkbox"]'),
    ].filter((el) => !fieldDisabled(el)).length;
    return {
      enabledWrites,
      unexplained,
      liveFields: [...new Set(liveFields)],
      selectionBoxes,
      guarded: marked.length,
      files: files.length,
    };
  });
}

/** The write-control check's problems on a reader's page, a line each. */
export function writeControlProblems(found: WriteControls): string[] {
  return [
    ...found.enabledWrites.map((c) => `enabled ${c}`),
    ...found.unexplained.map((c) => `no reason on ${c}`),
    ...found.liveFields.map((c) => `live field of a write form: ${c}`),
    ...(found.selectionBoxes > 0 ? [`${found.selectionBoxes} selection boxes in a table`] : []),
  ];
}

/**
 * Opens, one at a time, each menu or dialog a button of the main area opens (column choosers,
 * exports, add/edit forms: the buttons say `aria-haspopup`), calls `visit` with the open
 * state's name, and closes it again.
 */
export async function walkPopups(
  page: Page,
  state: string,
  visit: (state: string) => Promise<void>,
): Promise<void> {
  const main = page.locator('main');
  const openers = main.locator('button[aria-haspopup]:not([disabled])');
  const count = await openers.count();
  // One of each: the edit button of every row opens the same dialog.
  const opened = new Set<string>();
  for (let i = 0; i < count; i++) {
    const opener = openers.nth(i);
    if (!(await opener.isVisible())) continue;
    const label = (await opener.textContent()) || (await opener.getAttribute('aria-label'));
    if (opened.has(label ?? '')) continue;
    opened.add(label ?? '');
    await opener.click();
    const popup = page
      .locator(
        '[role="dialog"], [role="menu"], [role="listbox"], [role="presentation"] .MuiPaper-root',
      )
      .first();
    await popup.waitFor({ timeout: 5_000 }).catch(() => undefined);
    // MUI's enter transition (225 ms) ends with the popup's opacity at 1.
    await popup
      .evaluate((el) =>
        Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)).then(() => {}),
      )
      .catch(() => undefined);
    await visit(`${state} › ${label}`);
    await page.keyboard.press('Escape');
    await page
      .locator('[role="dialog"], [role="menu"]')
      .first()
      .waitFor({ state: 'detached', timeout: 5_000 })
      .catch(() => undefined);
    // Focus returns to the opener and shows its tooltip over the next row's buttons.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(0, 0);
    await page
      .locator('[role="tooltip"]')
      .first()
      .waitFor({ state: 'detached', timeout: 2_000 })
      .catch(() => undefined);
  }
}

import type { Locator, Page } from 'playwright-core';
import { describeSeen, type Seen } from '../model/visible';

// Amounts come with Intl's (narrow) no-break spaces, and cells with the layout's: compared as one plain space.
const folded = (text: string | null | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim();
const exactly = (text: string): RegExp => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+')}\\s*$`);
// A check of one element waits this long for it: `see` itself tries again until its own time is up.
const SHORT = { timeout: 300 };
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

const textsOf = async (locators: Locator): Promise<string[]> => ((await locators.all()).length === 0 ? [] : (await locators.allTextContents()).map(folded));

/** What the page shows for one expectation, or `null` when it holds. */
const mismatch = async (page: Page, root: Locator, item: Seen): Promise<string | null> => {
  const differs = (found: unknown, wanted: unknown): string | null => (same(found, wanted) ? null : `found ${JSON.stringify(found)}, not ${JSON.stringify(wanted)}`);
  switch (item.kind) {
    case 'cards': {
      const titles = await Promise.all((await root.getByRole('article').all()).map((article) => article.getByRole('heading').first().textContent(SHORT)));
      return differs(titles.map(folded), item.titles.map(folded));
    }
    case 'status': {
      const texts = await textsOf(root.getByRole('status'));
      return texts.some((text) => text.includes(folded(item.text))) ? null : `found ${JSON.stringify(texts)}`;
    }
    case 'alert': {
      const alert = root.getByRole('alert').filter({ hasText: item.message });
      if ((await alert.count()) === 0) return `found ${JSON.stringify(await textsOf(root.getByRole('alert')))}`;
      if (item.button !== undefined && !(await alert.first().getByRole('button', { name: item.button, exact: true }).isVisible())) return 'no such button in it';
      return null;
    }
    case 'no-alert':
      return differs(await textsOf(root.getByRole('alert')), []);
    case 'button':
      return differs((await root.getByRole('button', { name: item.name, exact: true }).count()) > 0, item.shown);
    case 'link':
      return differs((await root.getByRole('link', { name: item.name, exact: true }).count()) > 0, item.shown);
    case 'field':
      return differs(await root.getByRole(item.role, { name: item.name, exact: true }).inputValue(SHORT), item.value);
    case 'dialog': {
      const dialogs = page.getByRole('dialog');
      if (item.name === null) return differs(await dialogs.count(), 0);
      return (await page.getByRole('dialog', { name: item.name, exact: true }).isVisible()) ? null : `found ${await dialogs.count()} other dialog(s)`;
    }
    case 'text': {
      const shown = await root.getByText(item.text, { exact: true }).filter({ visible: true }).count();
      return differs(shown > 0, item.shown);
    }
    case 'rows': {
      const table = root.getByRole('table', { name: item.table, exact: true });
      return differs((await table.count()) === 0 ? [] : await textsOf(table.getByRole('rowheader')), item.titles.map(folded));
    }
    case 'cell': {
      // An inner locator is matched within the outer one: it is written from the page.
      const row = root.getByRole('row').filter({ has: page.getByRole('rowheader', { name: item.row, exact: true }) });
      const columns = await textsOf(row.locator('xpath=ancestor::table[1]').getByRole('columnheader'));
      const column = columns.indexOf(folded(item.column));
      if (column < 0) return `no column ${item.column} among ${JSON.stringify(columns)}`;
      return differs(folded(await row.locator('th, td').nth(column).textContent(SHORT)), folded(item.text));
    }
    case 'quantity':
      return differs(Number(await root.getByRole('spinbutton', { name: item.name, exact: true }).inputValue(SHORT)), item.value);
    case 'choice':
      return differs(
        await root
          .getByRole('combobox', { name: item.name, exact: true })
          .evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.textContent ?? null, undefined, SHORT),
        item.option,
      );
    case 'term': {
      const values = await Promise.all(
        (
          await root
            .locator('dt')
            .filter({ hasText: exactly(item.term) })
            .all()
        ).map((term) => term.evaluate((dt) => dt.nextElementSibling?.textContent ?? '', undefined, SHORT)),
      );
      return differs(values.map(folded), item.value === null ? [] : [folded(item.value)]);
    }
    case 'disclosure':
      return differs(
        await root
          .locator('summary')
          .filter({ hasText: exactly(item.name) })
          .first()
          .evaluate((summary) => summary.closest('details')?.open ?? null, undefined, SHORT),
        item.open,
      );
    case 'options': {
      const listbox = root.getByRole('listbox', { name: item.listbox, exact: true });
      const options = (await listbox.count()) === 0 ? [] : await listbox.getByRole('option').all();
      const titles = await Promise.all(
        options.map(async (option, index) => {
          const title = item.titles[index];
          return title !== undefined && (await option.getByText(title, { exact: true }).count()) > 0 ? title : folded(await option.textContent(SHORT));
        }),
      );
      const highlighted = (await Promise.all(options.map((option) => option.getAttribute('aria-selected')))).indexOf('true');
      return differs({ titles, highlighted }, { titles: item.titles, highlighted: item.highlighted ?? -1 });
    }
    case 'pressed': {
      // A button's name leaves out what is hidden from assistive technology (a check mark drawn for the eye).
      const names = await root
        .getByRole('group', { name: item.group, exact: true })
        .getByRole('button', { pressed: true })
        .evaluateAll((buttons) =>
          buttons.map((button) => {
            const copy = button.cloneNode(true) as HTMLElement;
            for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
            return copy.textContent;
          }),
        );
      return differs(names.map(folded), item.names.map(folded));
    }
    case 'region-items': {
      const items = await root.getByRole('region', { name: item.region, exact: true }).getByRole('listitem').all();
      return differs((await Promise.all(items.map((listItem) => listItem.getByRole('heading').first().textContent(SHORT)))).map(folded), item.titles.map(folded));
    }
    case 'region-text': {
      const shown = await root.getByRole('region', { name: item.region, exact: true }).getByText(item.text, { exact: true }).filter({ visible: true }).count();
      return differs(shown > 0, item.shown);
    }
  }
};

const WAIT_MS = 8_000;

/**
 * Waits until the part of the page at `where` (a CSS selector: the widget's container) shows all
 * of `seen` at once (dialogs: anywhere on the page) after `step` (0: the page as it opens; or words),
 * as the model test asserts it in jsdom; fails with what differs when it does not within seconds.
 */
export const see = async (page: Page, where: string, step: number | string, seen: readonly Seen[]): Promise<void> => {
  const root = page.locator(where);
  const until = Date.now() + WAIT_MS;
  for (;;) {
    const wrong: string[] = [];
    for (const item of seen) {
      const found = await mismatch(page, root, item).catch((error: unknown) => (error instanceof Error ? error.message.split('\n')[0]! : String(error)));
      if (found !== null) wrong.push(`expected ${describeSeen(item)}: ${found}`);
    }
    if (wrong.length === 0) return;
    if (Date.now() > until)
      throw new Error(`${typeof step === 'string' ? step : step === 0 ? 'At the start' : `After step ${step}`}, on ${page.url()}:\n  ${wrong.join('\n  ')}`);
    await page.waitForTimeout(50);
  }
};

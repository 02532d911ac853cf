import { screen, within } from '@testing-library/react';
import type { Seen } from './visible';

// Amounts come with Intl's (narrow) no-break spaces, and cells with the layout's: compared as one plain space.
const folded = (text: string | null | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim();

/** Asserts on the rendered page (jsdom, Testing Library) what a visitor must see. */
export const expectSeen = async (seen: readonly Seen[]): Promise<void> => {
  for (const item of seen) {
    switch (item.kind) {
      case 'cards':
        expect(screen.queryAllByRole('article').map((article) => within(article).getByRole('heading').textContent)).toEqual(item.titles);
        break;
      case 'status':
        expect(screen.getByRole('status')).toHaveTextContent(item.text);
        break;
      case 'alert': {
        const alert = screen.getAllByRole('alert').find((candidate) => candidate.textContent.includes(item.message));
        expect(alert).toBeDefined();
        if (item.button) expect(within(alert!).getByRole('button', { name: item.button })).toBeVisible();
        break;
      }
      case 'no-alert':
        expect(screen.queryAllByRole('alert').map((alert) => alert.textContent)).toEqual([]);
        break;
      case 'button':
        expect(screen.queryByRole('button', { name: item.name }) !== null).toBe(item.shown);
        break;
      case 'field':
        expect(screen.getByRole(item.role, { name: item.name })).toHaveValue(item.value);
        break;
      case 'dialog':
        // A dialog may come in a chunk of its own, loaded the first time it opens: the visitor sees it a moment later.
        if (item.name === null) expect(screen.queryByRole('dialog')).toBeNull();
        else expect(await screen.findByRole('dialog')).toHaveAccessibleName(item.name);
        break;
      case 'text':
        if (item.shown) expect(screen.getByText(item.text)).toBeVisible();
        else expect(screen.queryByText(item.text)).toBeNull();
        break;
      case 'link':
        expect(screen.queryByRole('link', { name: item.name }) !== null).toBe(item.shown);
        break;
      case 'rows': {
        const table = screen.queryByRole('table', { name: item.table });
        expect(
          table === null
            ? []
            : within(table)
                .queryAllByRole('rowheader')
                .map((header) => header.textContent),
        ).toEqual(item.titles);
        break;
      }
      case 'cell': {
        const row = screen.getByRole('rowheader', { name: item.row }).closest('tr')!;
        const columns = within(row.closest('table')!)
          .getAllByRole('columnheader')
          .map((header) => header.textContent);
        expect(columns).toContain(item.column);
        expect(folded(row.cells[columns.indexOf(item.column)]?.textContent)).toBe(folded(item.text));
        break;
      }
      case 'quantity':
        expect(screen.getByRole('spinbutton', { name: item.name })).toHaveValue(item.value);
        break;
      case 'choice':
        expect(within(screen.getByRole('combobox', { name: item.name })).getByRole('option', { selected: true }).textContent).toBe(item.option);
        break;
      case 'term': {
        const terms = screen.queryAllByText(item.term, { selector: 'dt' });
        if (item.value === null) expect(terms).toEqual([]);
        else expect(terms.map((term) => folded(term.nextElementSibling?.textContent))).toEqual([folded(item.value)]);
        break;
      }
      case 'disclosure':
        expect(screen.getByText(item.name, { selector: 'summary' }).closest('details')).toHaveProperty('open', item.open);
        break;
      case 'options': {
        // A listbox in a hidden panel is not seen, nor are its options.
        const listbox = screen.queryByRole('listbox', { name: item.listbox });
        const options = listbox === null ? [] : within(listbox).queryAllByRole('option');
        const titles = options.map((option, index) => {
          const title = item.titles[index];
          return title !== undefined && within(option).queryAllByText(title).length > 0 ? title : option.textContent;
        });
        expect(titles).toEqual(item.titles);
        expect(options.findIndex((option) => option.getAttribute('aria-selected') === 'true')).toBe(item.highlighted ?? -1);
        break;
      }
      case 'pressed': {
        const group = screen.getByRole('group', { name: item.group });
        for (const name of item.names) expect(within(group).getByRole('button', { name, pressed: true })).toBeVisible();
        expect(within(group).queryAllByRole('button', { pressed: true })).toHaveLength(item.names.length);
        break;
      }
      case 'region-items': {
        const region = screen.getByRole('region', { name: item.region });
        // Placeholder items are hidden from the accessibility tree: only the items a visitor can read count.
        expect(
          within(region)
            .queryAllByRole('listitem')
            .map((listItem) => within(listItem).getByRole('heading').textContent),
        ).toEqual(item.titles);
        break;
      }
      case 'region-text': {
        const region = screen.getByRole('region', { name: item.region });
        if (item.shown) expect(within(region).getByText(item.text)).toBeVisible();
        else expect(within(region).queryByText(item.text)).toBeNull();
        break;
      }
    }
  }
};

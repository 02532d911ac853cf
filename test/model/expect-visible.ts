import { screen, within } from '@testing-library/react';
import type { Seen } from './visible';

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
        const alert = screen.getAllByRole('alert').find((candidate) => candidate.textContent?.includes(item.message));
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
    }
  }
};

import { cleanup, render } from '@testing-library/react';
import fc from 'fast-check';
import { LIST_TITLE_ATTRIBUTE, titleWithItem, useItemTitle } from '../../src/views/shared/document-title';

const Item = ({ name }: { name: string | null }) => {
  useItemTitle(name);
  return null;
};

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
});

test('an open item comes first, and nothing open is the list title itself', () => {
  fc.assert(
    fc.property(fc.string(), fc.string(), (item, list) => {
      expect(titleWithItem(null, list)).toBe(list);
      expect(titleWithItem(item, list).startsWith(item)).toBe(true);
      expect(titleWithItem(item, list).endsWith(` – ${list}`)).toBe(true);
    }),
  );
});

test('on a page loaded on a permalink, closing the item gives back the list title the server wrote', () => {
  document.head.innerHTML = `<title ${LIST_TITLE_ATTRIBUTE}="Annuaire – Canton de Valmont">Jean Muller – Annuaire – Canton de Valmont</title>`;
  const { rerender } = render(<Item name="Jean Muller" />);
  expect(document.title).toBe('Jean Muller – Annuaire – Canton de Valmont');
  rerender(<Item name={null} />);
  expect(document.title).toBe('Annuaire – Canton de Valmont');
  rerender(<Item name="Anne Rey" />);
  expect(document.title).toBe('Anne Rey – Annuaire – Canton de Valmont');
});

test('on a page the server did not write, the host title before any item opened is kept and given back', () => {
  document.title = 'Nos contacts – Commune';
  const { rerender } = render(<Item name={null} />);
  expect(document.title).toBe('Nos contacts – Commune');
  rerender(<Item name="Anne Rey" />);
  expect(document.title).toBe('Anne Rey – Nos contacts – Commune');
  rerender(<Item name={null} />);
  expect(document.title).toBe('Nos contacts – Commune');
});

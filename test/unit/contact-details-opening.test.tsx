import { act, fireEvent, render, screen } from '@testing-library/react';
import { ContactDetails } from '../../src/views/directory/contact-details';
import { WidgetRoot } from '../../src/views/shared/widget-root';
import { CONTACTS } from '../support/directory-fixtures';

// The first opening of a contact loads the modal's chunk: an Escape pressed meanwhile (focus still on
// the opener) closes what was opened, as it does once the modal is shown, instead of being lost.

const CONTACT = CONTACTS[0]!;

const opened = (onClose: () => void) =>
  render(
    <WidgetRoot language="fr">
      <button type="button">Détails de {CONTACT.title}</button>
      <ContactDetails contact={CONTACT} closeHref="/annuaire/" onClose={onClose} onShown={() => undefined} />
    </WidgetRoot>,
  );

it("closes on Escape while the modal's code is still loading", () => {
  const onClose = jest.fn();
  opened(onClose);
  // The chunk is not in yet: no dialog, and focus stays where the visitor clicked.
  expect(screen.queryByRole('dialog')).toBeNull();
  fireEvent.keyDown(screen.getByRole('button', { name: `Détails de ${CONTACT.title}` }), { key: 'Escape' });
  expect(onClose).toHaveBeenCalledTimes(1);
});

it('leaves other keys alone while loading, and hands Escape to the modal once it is shown', async () => {
  const onClose = jest.fn();
  opened(onClose);
  fireEvent.keyDown(document.body, { key: 'Enter' });
  expect(onClose).not.toHaveBeenCalled();
  const dialog = await screen.findByRole('dialog');
  await act(async () => undefined);
  fireEvent.keyDown(dialog, { key: 'Escape' });
  // Once: the modal's own handler, not the loading one as well.
  expect(onClose).toHaveBeenCalledTimes(1);
});

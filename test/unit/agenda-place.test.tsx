import { cleanup, render, screen, within } from '@testing-library/react';
import type { AgendaEvent } from '../../src/domain/agenda';
import { addMessages } from '../../src/i18n/intl';
import type { Language } from '../../src/i18n/language';
import { AGENDA_MESSAGES } from '../../src/i18n/agenda-messages';
import { AgendaEventItem } from '../../src/views/agenda/agenda-event';
import { WidgetRoot } from '../../src/views/shared/widget-root';

addMessages(AGENDA_MESSAGES);
afterEach(cleanup);

const EVENT: AgendaEvent = {
  id: '7',
  bel_date: '2027-03-12',
  start_time: '18:30',
  title: 'Séance publique du Grand Conseil',
  place: 'Salle du Grand Conseil, Sion',
  lieu: {
    name: 'Salle du Grand Conseil',
    street_address: 'Rue du Grand-Pont 14',
    postcode: '1950',
    locality: 'Sion',
    latitude: 46.23161,
    longitude: 7.35894,
    accessibility: { step_free: true, induction_loop: false, accessible_toilets: null, note: 'Ascenseur jusqu’à la tribune.' },
  },
};

const show = (event: AgendaEvent, language: Language = 'fr') =>
  render(
    <WidgetRoot language={language}>
      <AgendaEventItem event={event} onPage />
    </WidgetRoot>,
  );

describe('the place in an event’s details', () => {
  it('shows the name, the address, what is known of its accessibility and a link to the federal geoportal in a new tab', () => {
    show(EVENT);
    const details = screen.getByRole('group');
    expect(details).toHaveTextContent('Salle du Grand Conseil');
    expect(details).toHaveTextContent('Rue du Grand-Pont 14');
    expect(details).toHaveTextContent('1950 Sion');
    const access = within(details).getByRole('list', { name: 'Accessibilité' });
    // An unknown answer (the toilets) says nothing.
    expect(
      within(access)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Accès sans marche', 'Pas de boucle magnétique', 'Ascenseur jusqu’à la tribune.']);
    const map = within(details).getByRole('link', { name: 'Voir sur le plan – Salle du Grand Conseil, sur le géoportail de la Confédération (nouvel onglet)' });
    expect(map).toHaveAttribute('target', '_blank');
    expect(map).toHaveAttribute('rel', 'noopener noreferrer');
    const href = new URL(map.getAttribute('href') ?? '');
    expect(href.origin).toBe('https://map.geo.admin.ch');
    expect(href.searchParams.get('lang')).toBe('fr');
    // The place in LV95, to the metre (swiss-coordinates.property.test.ts checks the conversion), the crosshair on it.
    expect(href.searchParams.get('center')).toBe('2593851,1120022');
    expect(href.searchParams.get('crosshair')).toBe('marker');
  });

  it('speaks the page’s language, the geoportal too', () => {
    show(EVENT, 'de');
    // The place's name is marked French inside the German words; jsdom, which lays nothing out, reads a space after that element.
    const map = screen.getByRole('link', { name: /^Auf der Karte anzeigen – Salle du Grand Conseil ?, im Geoportal des Bundes/ });
    expect(new URL(map.getAttribute('href') ?? '').searchParams.get('lang')).toBe('de');
    expect(map.querySelector('[lang="fr"]')?.textContent).toBe('Salle du Grand Conseil');
    expect(screen.getByRole('list', { name: 'Barrierefreiheit' })).toHaveTextContent('Stufenloser Zugang');
  });

  it('has no map link without coordinates, no list without accessibility, and no block without a place', () => {
    const { unmount } = show({ ...EVENT, lieu: { name: 'Salle du Grand Conseil', locality: 'Sion' } });
    expect(screen.queryByRole('link', { name: /Voir sur le plan/ })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Accessibilité' })).toBeNull();
    expect(screen.getByRole('group')).toHaveTextContent('Sion');
    unmount();
    show({ ...EVENT, lieu: null });
    expect(screen.queryByRole('group')).toBeNull();
  });
});

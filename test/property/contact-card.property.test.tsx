import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import fc from 'fast-check';
import { Contact } from '../../src/domain/contact';
import { contactPath } from '../../src/domain/permalinks';
import { ContactCard } from '../../src/views/directory/contact-card';
import { ContactDetailsContent as ContactDetails } from '../../src/views/directory/contact-details-content';
import { WidgetRoot } from '../../src/views/shared/widget-root';
import { decodedArbitrary } from '../support/arbitrary-from-codec';
import { runs } from '../support/fuzz-runs';

const HOSTILE = [
  '<img src=x onerror="alert(1)">',
  '<script>alert(1)</script><p>texte</p>',
  '<a href="javascript:alert(1)">lien</a>',
  '<svg onload="alert(1)"><circle r="1"/></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<p style="background:url(javascript:alert(1))" onclick="alert(1)">Présidente</p>',
];
const HOSTILE_URLS = ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x', 'www.sans-protocole.ch'];

/** Contacts of every shape the codec accepts, with hostile rich text and links mixed in. */
const contacts = fc
  .tuple(
    decodedArbitrary(Contact),
    fc.option(fc.constantFrom(...HOSTILE), { nil: undefined }),
    fc.option(fc.constantFrom(...HOSTILE), { nil: undefined }),
    fc.option(fc.constantFrom(...HOSTILE_URLS), { nil: undefined }),
    fc.constantFrom('Personne', 'Organisation', null, undefined),
  )
  .map(([contact, description, interests, website, type]) => ({
    ...contact,
    type_contact: type,
    ...(description ? { description } : {}),
    ...(interests ? { registre_interets: interests } : {}),
    ...(website ? { website } : {}),
  }));

const renderIn = (node: React.ReactNode): HTMLElement => {
  const container = document.createElement('div');
  container.setAttribute('lang', 'fr');
  document.body.append(container);
  render(<WidgetRoot container={container}>{node}</WidgetRoot>, { container });
  return container;
};

const expectNothingHostile = (root: HTMLElement): void => {
  expect(root.querySelector('script, iframe')).toBeNull();
  for (const element of root.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      expect(attribute.name.startsWith('on')).toBe(false);
    }
  }
  for (const link of root.querySelectorAll('a[href]')) {
    expect(link.getAttribute('href')!.trim().toLowerCase()).not.toMatch(/^(javascript|vbscript|data:text\/html)/);
  }
};

afterEach(cleanup);

describe('a contact card', () => {
  it('shows the role if and only if the contact is a person', () => {
    fc.assert(
      fc.property(contacts, fc.stringMatching(/^[A-Z][a-zé]{3,12}$/), (contact, fonction) => {
        const root = renderIn(<ContactCard contact={{ ...contact, fonction: `Rôle ${fonction}` }} onMore={() => undefined} />);
        const card = within(root).getByRole('article');
        expect(within(card).queryByText(`Rôle ${fonction}`) !== null).toBe(contact.type_contact === 'Personne');
        cleanup();
      }),
    );
  });

  it('never renders a script link, and opens websites in a new tab without an opener', () => {
    fc.assert(
      fc.property(contacts, (contact) => {
        const root = renderIn(<ContactCard contact={contact} onMore={() => undefined} />);
        expectNothingHostile(root);
        for (const link of root.querySelectorAll('a[target="_blank"]')) {
          expect(link.getAttribute('rel')).toBe('noopener noreferrer');
          expect(link.getAttribute('href')).toMatch(/^https?:\/\//);
        }
        cleanup();
      }),
    );
  });

  it("names its more link after the contact, and links it to the contact's page", () => {
    fc.assert(
      fc.property(contacts, (contact) => {
        renderIn(<ContactCard contact={contact} onMore={() => undefined} />);
        // Accessible names collapse white space, as screen readers read them; the name computation
        // and JavaScript's \s differ on some spaces (no-break, ideographic), so both sides are collapsed alike.
        const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();
        const name = collapse(`Détails de ${contact.title}`);
        expect(screen.getByRole('link', { name: (accessibleName) => collapse(accessibleName) === name })).toHaveAttribute('href', contactPath(contact));
        cleanup();
      }),
      { numRuns: runs(30) },
    );
  });

  it('opens the details on a plain click of its name or its "⋯", and leaves a click with a modifier key or another button to the browser', () => {
    const clicks: { init: MouseEventInit; opens: boolean }[] = [
      { init: { button: 0 }, opens: true },
      { init: { button: 0, ctrlKey: true }, opens: false },
      { init: { button: 0, metaKey: true }, opens: false },
      { init: { button: 0, shiftKey: true }, opens: false },
      { init: { button: 0, altKey: true }, opens: false },
      { init: { button: 1 }, opens: false },
    ];
    // After the card's handler: notes whether the browser would follow the link, then stops jsdom, which cannot navigate.
    let followed = false;
    const follow = (event: MouseEvent): void => {
      followed = !event.defaultPrevented;
      event.preventDefault();
    };
    document.addEventListener('click', follow);
    try {
      // The name and "⋯" alike: two links to the same details.
      for (const name of ['Hélène Rochat', 'Détails de Hélène Rochat']) {
        for (const { init, opens } of clicks) {
          const opened: string[] = [];
          renderIn(<ContactCard contact={{ title: 'Hélène Rochat' }} onMore={(slug) => opened.push(slug)} />);
          const link = screen.getByRole('link', { name });
          expect(link).toHaveAttribute('href', '/annuaire/helene-rochat/');
          fireEvent.click(link, init);
          expect({ name, init, opened, followed }).toEqual({ name, init, opened: opens ? ['helene-rochat'] : [], followed: !opens });
          cleanup();
        }
      }
    } finally {
      document.removeEventListener('click', follow);
    }
  });
});

describe('the contact details', () => {
  it('never renders unsanitized HTML from the description or the interests register', () => {
    fc.assert(
      fc.property(contacts, (contact) => {
        const root = renderIn(<ContactDetails contact={contact} onClose={() => undefined} />);
        expectNothingHostile(root);
        cleanup();
      }),
    );
  });
});

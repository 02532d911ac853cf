import { intlFor, type MessageId } from '../../i18n/intl';
import { readLanguage, subscribeLanguage } from '../../i18n/language';
import type { MountWidget } from '../widget';

const SECTIONS: readonly { href: string; title: MessageId; text: MessageId }[] = [
  { href: '/agenda/', title: 'nav.agenda', text: 'home.agenda' },
  { href: '/annuaire/', title: 'nav.directory', text: 'home.directory' },
  { href: '/actualites/', title: 'nav.news', text: 'home.news' },
  { href: '/boutique/', title: 'nav.shop', text: 'home.shop' },
];

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, text?: string): HTMLElementTagNameMap[K] => {
  const created = document.createElement(tag);
  if (text !== undefined) created.textContent = text;
  return created;
};

/** The home page: an introduction and a card a section; plain DOM, since it needs no state. */
export const mountWidget: MountWidget = (container) => {
  const render = (): void => {
    const intl = intlFor(readLanguage(container));
    const say = (id: MessageId): string => intl.formatMessage({ id });
    const list = element('ul');
    list.className = 'home-sections';
    for (const section of SECTIONS) {
      const link = element('a', say(section.title));
      link.href = section.href;
      const title = element('h3');
      title.append(link);
      const item = element('li');
      item.className = 'home-section';
      item.append(title, element('p', say(section.text)));
      list.append(item);
    }
    container.replaceChildren(element('p', say('home.intro')), element('h2', say('home.sections')), list);
  };
  render();
  const unsubscribe = subscribeLanguage(container, render);
  return () => {
    unsubscribe();
    container.replaceChildren();
  };
};

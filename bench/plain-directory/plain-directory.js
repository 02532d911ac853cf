// The baseline of the keystroke benchmark: the same cards from the same answer, rendered
// with plain DOM calls, no framework, no state machine, no decoding.
const grid = document.querySelector('.directory-grid');
const results = document.querySelector('.directory__results');
const count = document.querySelector('.directory__count');
const input = document.querySelector('input[type=search]');
let controller = null;

const el = (tag, className, text) => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};

const field = (list, label, content) => {
  const row = el('div');
  row.append(el('dt', label ? '' : 'visually-hidden', label ?? ''), content);
  list.append(row);
};

const card = (contact) => {
  const article = el('article', 'contact-card');
  if (contact.img) {
    const picture = el('picture', 'contact-card__picture');
    if (contact.img_wp) {
      const source = el('source');
      source.type = 'image/webp';
      source.srcset = `${contact.img_wp} 1x, ${contact.img_wp_2x} 2x`;
      picture.append(source);
    }
    const img = el('img');
    Object.assign(img, {
      src: contact.img,
      srcset: `${contact.img} 1x, ${contact.img_2x} 2x`,
      alt: `Photo : ${contact.title}`,
      width: 240,
      height: 240,
      loading: 'lazy',
    });
    picture.append(img);
    article.append(picture);
  }
  const body = el('div', 'contact-card__body');
  body.append(el('h3', 'contact-card__title', contact.title));
  const list = el('dl', 'contact-fields');
  if (contact.type_contact === 'Personne' && contact.fonction) field(list, null, el('dd', '', contact.fonction));
  if (contact.contact_person) field(list, 'Personne de contact', el('dd', '', contact.contact_person));
  if (contact.address) field(list, null, el('dd', 'contact-fields__address', contact.address));
  if (contact.email) {
    const a = el('a', '', contact.email);
    a.href = `mailto:${contact.email}`;
    const dd = el('dd');
    dd.append(a);
    field(list, 'Courriel', dd);
  }
  if (contact.phone) {
    const a = el('a', '', contact.phone);
    a.href = `tel:${contact.phone.replace(/[^\d+]/g, '')}`;
    const dd = el('dd');
    dd.append(a);
    field(list, 'Téléphone', dd);
  }
  if (contact.fax) field(list, 'Fax', el('dd', '', contact.fax));
  body.append(list);
  if (contact.categories && contact.categories.length) {
    const tags = el('ul', 'tags');
    for (const category of contact.categories) tags.append(el('li', 'tag', category));
    body.append(tags);
  }
  article.append(body);
  const more = el('button', 'contact-card__more', '⋯');
  more.type = 'button';
  more.setAttribute('aria-label', `Plus d'informations sur ${contact.title}`);
  article.append(more);
  return article;
};

const search = async (text) => {
  controller?.abort();
  controller = new AbortController();
  results.setAttribute('aria-busy', 'true');
  try {
    const query = text === '' ? '' : `?title=${encodeURIComponent(text)}`;
    const contacts = await (await fetch(`/api/contacts/${query}`, { signal: controller.signal })).json();
    const fragment = document.createDocumentFragment();
    for (const contact of contacts) fragment.append(card(contact));
    grid.replaceChildren(fragment);
    count.textContent = `${contacts.length} contacts`;
    results.setAttribute('aria-busy', 'false');
  } catch (error) {
    if (error.name !== 'AbortError') throw error;
  }
};

input.addEventListener('keyup', () => search(input.value));
search('');

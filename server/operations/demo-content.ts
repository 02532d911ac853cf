import { zurichToday } from '../../src/domain/calendar-days';
import type { Content, ContentContact, ContentEvent, ContentNews, ContentPlace, ContentShopItem } from '../data/content';
import { NEWS_ARTICLES, type DemoArticle } from './demo-news';

/**
 * How much demo content to make and around which year (default: this year in Europe/Zurich);
 * the same options in the same year always give the same content.
 */
export interface DemoOptions {
  contacts: number;
  events: number;
  news: number;
  seed: number;
  year?: number;
}

/** The demo site's size: what `npm run seed` and a first start load. */
export const DEMO_DEFAULTS: DemoOptions = { contacts: 150, events: 300, news: 120, seed: 20260101 };

/** Bumped whenever the generator changes what it makes, so stored copies are rebuilt. */
export const DEMO_VERSION = 7;

/** The number of generated portraits and emblems; contacts reuse them. */
export const PORTRAIT_COUNT = 24;
export const EMBLEM_COUNT = 12;

/** The URL folder of the generated images; versioned so a long cache never serves a stale one. */
export const MEDIA_PREFIX = `/media/v${DEMO_VERSION}`;

/** The year the demo's dates are built around: the options', else the year it is in Europe/Zurich. */
export const demoYear = (options: DemoOptions, now: number = Date.now()): number => options.year ?? Number(zurichToday(now).slice(0, 4));

/**
 * The days the demo's events span: 1 January of last year to 31 December of next year, so the
 * agenda always has a past and a future, whenever the demo is seeded. News items start on the
 * same first day and stop at the day of the seed: a newsroom publishes nothing ahead of time.
 */
export const demoSpan = (options: DemoOptions, now: number = Date.now()): { first: string; last: string } => {
  const year = demoYear(options, now);
  return { first: `${year - 1}-01-01`, last: `${year + 1}-12-31` };
};

/**
 * The label stored with seeded content: generator version, options, the span of days (a new year,
 * a new label) and the day of the seed, the news' last possible date (a new day, a new label).
 */
export const demoLabel = (options: DemoOptions, now: number = Date.now()): string => {
  const { first, last } = demoSpan(options, now);
  return `demo:v${DEMO_VERSION}:seed=${options.seed}:contacts=${options.contacts}:events=${options.events}:news=${options.news}:days=${first}..${last}:news-until=${zurichToday(now)}`;
};

/** The colours of the generated pictures, with their French names for the emblems' descriptions. */
export const PICTURE_COLOURS: readonly { readonly hex: string; readonly name: string }[] = [
  { hex: '#1f4e79', name: 'bleu' },
  { hex: '#7a1f2b', name: 'bordeaux' },
  { hex: '#2e6b3a', name: 'vert' },
  { hex: '#6b4e1f', name: 'brun' },
  { hex: '#4b2e6b', name: 'violet' },
  { hex: '#1f6b6b', name: 'bleu-vert' },
  { hex: '#8a5a00', name: 'ocre' },
  { hex: '#3d3d3d', name: 'gris foncé' },
];

/** The colour of a picture's part: the palette taken round and round. */
export const pictureColour = (index: number): { readonly hex: string; readonly name: string } => PICTURE_COLOURS[index % PICTURE_COLOURS.length]!;

/** What emblem number `index` shows, as its alt text says it: the two halves of its shield and its star. */
export const emblemDescription = (index: number): string =>
  `Écusson partagé verticalement, ${pictureColour(index).name} à gauche et ${pictureColour(index + 2).name} à droite, avec une étoile blanche au centre`;

/** Image URLs of one picture in the four sizes a contact carries. */
export const imageSet = (name: string) => ({
  img: `${MEDIA_PREFIX}/${name}-240.jpg`,
  img_2x: `${MEDIA_PREFIX}/${name}-480.jpg`,
  img_wp: `${MEDIA_PREFIX}/${name}-240.webp`,
  img_wp_2x: `${MEDIA_PREFIX}/${name}-480.webp`,
});

/** The picture names the seed renders: `portrait-01`…, `emblem-01`…. */
export const pictureNames = (): string[] => [
  ...Array.from({ length: PORTRAIT_COUNT }, (_, i) => `portrait-${pad(i + 1)}`),
  ...Array.from({ length: EMBLEM_COUNT }, (_, i) => `emblem-${pad(i + 1)}`),
];

const pad = (n: number): string => String(n).padStart(2, '0');

// mulberry32: tiny, fast and good enough to make demo data reproducible.
const prng = (seed: number) => {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const chance = (p: number): boolean => next() < p;
  const some = <T>(items: readonly T[], min: number, max: number): T[] => {
    const pool = [...items];
    const count = Math.min(pool.length, int(min, max));
    const chosen: T[] = [];
    for (let i = 0; i < count; i += 1) chosen.push(pool.splice(Math.floor(next() * pool.length), 1)[0] as T);
    return chosen;
  };
  return { next, int, pick, chance, some };
};

const FIRST_NAMES_F = [
  'Hélène',
  'Zoé',
  'Anaïs',
  'Chloé',
  'Léa',
  'Mélanie',
  'Noémie',
  'Céline',
  'Françoise',
  'Agnès',
  'Maëlle',
  'Béatrice',
  'Sophie',
  'Claire',
  'Élodie',
  'Laure',
];
const FIRST_NAMES_M = [
  'Jérôme',
  'François',
  'Loïc',
  'Benoît',
  'Gaël',
  'Stéphane',
  'André',
  'Frédéric',
  'Raphaël',
  'Joël',
  'Pierre',
  'Nicolas',
  'Étienne',
  'Cédric',
  'Thierry',
  'Yves',
];
const LAST_NAMES = [
  'Dupraz',
  'Favre',
  'Rochat',
  'Chevalley',
  'Pittet',
  'Rey',
  'Bonvin',
  'Gaillard',
  'Métrailler',
  'Crettenand',
  'Jaquet',
  'Python',
  'Schüpbach',
  'Perrenoud',
  'Châtelain',
  'Lüthi',
  'Berthoud',
  'Girardin',
  'Monnier',
  'Théraulaz',
  'Aebischer',
  'Cuénod',
  'Décosterd',
  'Frésard',
  'Grüter',
  'Mottier',
  'Nançoz',
  'Zufferey',
  'Vuilleumier',
  'Évéquoz',
];
const TOWNS = [
  ['1003', 'Lausanne'],
  ['1950', 'Sion'],
  ['2000', 'Neuchâtel'],
  ['1700', 'Fribourg'],
  ['2800', 'Delémont'],
  ['1400', 'Yverdon-les-Bains'],
  ['1920', 'Martigny'],
  ['2300', 'La Chaux-de-Fonds'],
  ['1630', 'Bulle'],
  ['1260', 'Nyon'],
] as const;
const STREETS = [
  'Rue du Château',
  'Place de la Riponne',
  'Avenue de la Gare',
  'Rue de la Préfecture',
  'Chemin des Vignes',
  'Rue du Marché',
  'Route de Berne',
  'Quai du Rhône',
  'Rue de l’Hôpital',
  'Place Saint-François',
];
const PARTIES = ['PLR', 'PS', 'UDC', 'Les Vert-e-s', 'Le Centre', 'Vert’libéraux', 'Ensemble à Gauche'];
const COMMISSIONS = [
  'Commission des finances',
  'Commission de gestion',
  'Commission de justice',
  'Commission de la santé',
  'Commission de l’éducation',
  'Commission des transports',
  'Commission de l’environnement',
  'Commission des institutions',
];
const INTERESTS = [
  'Membre du conseil d’administration de la Banque cantonale',
  'Présidente de l’Association des parents d’élèves',
  'Membre du comité de la Société de développement',
  'Administrateur d’une PME de construction',
  'Membre de la fondation pour la protection du patrimoine',
  'Vice-président du club de hockey local',
  'Membre du conseil de fondation de l’hôpital régional',
  'Associé d’une étude d’avocats',
];

/** The twelve contact categories of the demo directory. */
export const CONTACT_CATEGORIES = [
  'Grand Conseil',
  'Conseil d’État',
  'Chancellerie d’État',
  'Département des finances',
  'Département de la santé',
  'Département de la formation',
  'Département du territoire',
  'Communes',
  'Associations',
  'Partis politiques',
  'Médias',
  'Justice et tribunaux',
] as const;

const ORGANISATIONS: readonly (readonly [string, string])[] = [
  ['Commune de', 'Communes'],
  ['Association des amis du patrimoine de', 'Associations'],
  ['Société de développement de', 'Associations'],
  ['Tribunal d’arrondissement de', 'Justice et tribunaux'],
  ['Journal régional de', 'Médias'],
  ['Section locale du parti de', 'Partis politiques'],
  ['Office régional de placement de', 'Département des finances'],
  ['Centre médico-social de', 'Département de la santé'],
  ['Gymnase de', 'Département de la formation'],
  ['Service de l’aménagement de', 'Département du territoire'],
];
const SERVICE_ROLES: readonly (readonly [string, string, boolean])[] = [
  ['Chancelière d’État', 'Chancellerie d’État', true],
  ['Conseiller d’État', 'Conseil d’État', false],
  ['Cheffe du service des contributions', 'Département des finances', true],
  ['Médecin cantonal', 'Département de la santé', false],
  ['Cheffe du service de l’enseignement', 'Département de la formation', true],
  ['Architecte cantonal', 'Département du territoire', false],
];

const slugify = (value: string): string =>
  value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const emailOf = (first: string, last: string): string => `${slugify(first)}.${slugify(last)}@canton.example`;

const phone = (r: ReturnType<typeof prng>): string => `+41 ${r.pick(['21', '24', '26', '27', '32'])} ${r.int(300, 999)} ${pad(r.int(0, 99))} ${pad(r.int(0, 99))}`;

const makeContacts = (count: number, seed: number): ContentContact[] => {
  const r = prng(seed);
  const contacts: ContentContact[] = [];
  for (let id = 1; id <= count; id += 1) {
    const [zip, town] = r.pick(TOWNS);
    const street = `${r.pick(STREETS)} ${r.int(1, 60)}`;
    const kind = r.next();
    if (kind < 0.6) {
      // A deputy: the directory's main population, with party, commissions and interests.
      const female = r.chance(0.5);
      const first = r.pick(female ? FIRST_NAMES_F : FIRST_NAMES_M);
      const last = r.pick(LAST_NAMES);
      const portrait = `portrait-${pad(r.int(1, PORTRAIT_COUNT))}`;
      const parti = r.pick(PARTIES);
      contacts.push({
        id,
        title: `${first} ${last}`,
        type_contact: 'Personne',
        fonction: r.chance(0.05) ? (female ? 'Présidente du Grand Conseil' : 'Président du Grand Conseil') : female ? 'Députée' : 'Député',
        address: `${street}\n${zip} ${town}`,
        email: emailOf(first, last),
        phone: phone(r),
        fax: null,
        website: r.chance(0.2) ? `https://www.${slugify(first)}-${slugify(last)}.example` : null,
        description: `<p>${first} ${last} siège au Grand Conseil depuis ${r.int(2007, 2023)} pour le groupe ${parti}.</p>`,
        registre_interets: `<ul>${r
          .some(INTERESTS, 1, 3)
          .map((i) => `<li>${i}</li>`)
          .join('')}</ul>`,
        parti,
        commissions: r.some(COMMISSIONS, 1, 3),
        categories: r.chance(0.15) ? ['Grand Conseil', 'Partis politiques'] : ['Grand Conseil'],
        image: imageSet(portrait).img_2x,
        ...imageSet(portrait),
        copyright: `© Chancellerie d’État / ${r.pick(['A. Rochat', 'M. Zufferey', 'Photo Studio Lumière'])}`,
      });
    } else if (kind < 0.75) {
      // A head of service or member of the government.
      const [fonction, category, female] = r.pick(SERVICE_ROLES);
      const first = r.pick(female ? FIRST_NAMES_F : FIRST_NAMES_M);
      const last = r.pick(LAST_NAMES);
      const portrait = `portrait-${pad(r.int(1, PORTRAIT_COUNT))}`;
      contacts.push({
        id,
        title: `${first} ${last}`,
        type_contact: 'Personne',
        fonction,
        address: `${category}\nRue de la Préfecture ${r.int(1, 20)}\nCase postale ${r.int(100, 999)}\n1950 Sion`,
        email: emailOf(first, last),
        phone: phone(r),
        fax: r.chance(0.3) ? phone(r) : null,
        website: 'https://www.canton.example',
        description: `<p>Interlocutrice ou interlocuteur pour les questions du domaine « ${category} ».</p>`,
        registre_interets: null,
        parti: null,
        commissions: [],
        categories: [category],
        image: imageSet(portrait).img_2x,
        ...imageSet(portrait),
        copyright: '© Chancellerie d’État',
      });
    } else {
      // An organisation: no role, but a contact person and often a fax and a website.
      const [prefix, category] = r.pick(ORGANISATIONS);
      const person = `${r.pick(['Mme', 'M.'])} ${r.pick([...FIRST_NAMES_F, ...FIRST_NAMES_M])} ${r.pick(LAST_NAMES)}`;
      const emblem = `emblem-${pad(r.int(1, EMBLEM_COUNT))}`;
      const name = `${prefix} ${town}`;
      contacts.push({
        id,
        title: name,
        type_contact: 'Organisation',
        fonction: null,
        contact_person: person,
        address: `${name}\n${street}\nCase postale ${r.int(1, 99)}\n${zip} ${town}`,
        email: `info@${slugify(name)}.example`,
        phone: phone(r),
        fax: r.chance(0.5) ? phone(r) : null,
        website: r.chance(0.7) ? `https://www.${slugify(name)}.example` : null,
        description: `<p>${name} : permanence du lundi au vendredi, de 8 h 30 à 11 h 30.</p>`,
        registre_interets: null,
        parti: null,
        commissions: [],
        categories: r.chance(0.2) ? [category, 'Communes'].filter((c, i, all) => all.indexOf(c) === i) : [category],
        image: imageSet(emblem).img_2x,
        ...imageSet(emblem),
        copyright: `© ${name}`,
      });
    }
  }
  return contacts;
};

/** The eight agenda categories. */
export const AGENDA_CATEGORIES = [
  'Séance plénière',
  'Commission',
  'Conférence',
  'Exposition',
  'Cérémonie',
  'Portes ouvertes',
  'Consultation publique',
  'Culture',
] as const;

const EVENT_TITLES: readonly (readonly [string, number])[] = [
  ['Séance plénière du Grand Conseil', 1],
  ['Session extraordinaire du Grand Conseil', 1],
  ['Séance de la Commission des finances', 2],
  ['Séance de la Commission de gestion', 2],
  ['Conférence : l’énergie hydraulique en Valais', 3],
  ['Conférence de presse du Conseil d’État', 3],
  ['Vernissage de l’exposition « Zoé et les glaciers »', 4],
  ['Exposition : trésors des Archives cantonales', 4],
  ['Cérémonie d’assermentation des nouveaux élus', 5],
  ['Réception des jubilaires', 5],
  ['Journée portes ouvertes du Château', 6],
  ['Visite guidée de l’Hôtel du Gouvernement', 6],
  ['Consultation publique sur le plan directeur', 7],
  ['Soirée d’information : réforme fiscale', 7],
  ['Concert de l’Orchestre des Jeunes', 8],
  ['Lecture publique avec Hélène Crettenand', 8],
  ['Fête de la Saint-Sylvestre au Château', 5],
  ['Apéritif du Nouvel An des autorités', 5],
];
const PLACES = [
  'Salle du Grand Conseil, Sion',
  'Château Saint-Maire, Lausanne',
  'Hôtel du Gouvernement, Neuchâtel',
  'Archives cantonales, Fribourg',
  'Aula du Gymnase, Delémont',
  null,
];

type Venue = ContentPlace & { readonly name: string; readonly locality: string };

// The venues of each place above, the place's own first: an event drawn in a town takes one of them by its id.
const VENUES: Readonly<Record<string, readonly Venue[]>> = {
  'Salle du Grand Conseil, Sion': [
    {
      name: 'Salle du Grand Conseil',
      street_address: 'Rue du Grand-Pont 14',
      postcode: '1950',
      locality: 'Sion',
      latitude: 46.23161,
      longitude: 7.35894,
      accessibility: {
        step_free: true,
        induction_loop: true,
        accessible_toilets: true,
        note: 'Entrée sans marche par la cour, ascenseur jusqu’à la tribune du public.',
      },
    },
    {
      name: 'Théâtre de Valère',
      street_address: 'Rue du Vieux-Moulin 4',
      postcode: '1950',
      locality: 'Sion',
      latitude: 46.23392,
      longitude: 7.36108,
      accessibility: { step_free: true, induction_loop: false, accessible_toilets: true, note: 'Places pour fauteuils roulants au premier rang, à réserver.' },
    },
    {
      name: 'Médiathèque cantonale',
      street_address: 'Rue de Lausanne 45',
      postcode: '1950',
      locality: 'Sion',
      latitude: 46.23197,
      longitude: 7.35452,
      accessibility: { step_free: true, induction_loop: true, accessible_toilets: true, note: null },
    },
  ],
  'Château Saint-Maire, Lausanne': [
    {
      name: 'Château Saint-Maire',
      street_address: 'Place du Château 4',
      postcode: '1005',
      locality: 'Lausanne',
      latitude: 46.52403,
      longitude: 6.63581,
      accessibility: {
        step_free: false,
        induction_loop: false,
        accessible_toilets: false,
        note: 'Bâtiment historique : douze marches à l’entrée, accès en fauteuil roulant sur demande auprès de l’huissier.',
      },
    },
    {
      name: 'Bibliothèque cantonale et universitaire, site Riponne',
      street_address: 'Place de la Riponne 6',
      postcode: '1005',
      locality: 'Lausanne',
      latitude: 46.52356,
      longitude: 6.633,
      accessibility: { step_free: true, induction_loop: true, accessible_toilets: true, note: 'Entrée sans marche côté rue de la Madeleine.' },
    },
    {
      name: 'Musée cantonal des Beaux-Arts',
      street_address: 'Place de la Gare 16',
      postcode: '1003',
      locality: 'Lausanne',
      latitude: 46.51752,
      longitude: 6.62764,
      accessibility: { step_free: true, induction_loop: true, accessible_toilets: true, note: 'Fauteuils roulants prêtés à l’accueil.' },
    },
  ],
  'Hôtel du Gouvernement, Neuchâtel': [
    {
      name: 'Hôtel du Gouvernement',
      street_address: 'Rue de la Collégiale 12',
      postcode: '2000',
      locality: 'Neuchâtel',
      latitude: 46.99252,
      longitude: 6.92884,
      accessibility: { step_free: false, induction_loop: true, accessible_toilets: true, note: 'Rampe d’accès par la cour du château, sur demande.' },
    },
    {
      name: 'Théâtre du Passage',
      street_address: 'Passage Maximilien-de-Meuron 4',
      postcode: '2000',
      locality: 'Neuchâtel',
      latitude: 46.99351,
      longitude: 6.93452,
      accessibility: { step_free: true, induction_loop: true, accessible_toilets: true, note: null },
    },
  ],
  'Archives cantonales, Fribourg': [
    {
      name: 'Archives cantonales',
      street_address: 'Route des Arsenaux 17',
      postcode: '1700',
      locality: 'Fribourg',
      latitude: 46.80049,
      longitude: 7.14802,
      accessibility: { step_free: true, induction_loop: false, accessible_toilets: true, note: 'Salle de lecture au rez-de-chaussée.' },
    },
    {
      name: 'Aula de l’Université, Miséricorde',
      street_address: 'Avenue de l’Europe 20',
      postcode: '1700',
      locality: 'Fribourg',
      latitude: 46.80603,
      longitude: 7.15196,
      accessibility: { step_free: true, induction_loop: true, accessible_toilets: true, note: 'Ascenseur depuis le hall principal.' },
    },
  ],
  'Aula du Gymnase, Delémont': [
    {
      name: 'Aula du Gymnase',
      street_address: 'Rue de l’Avenir 33',
      postcode: '2800',
      locality: 'Delémont',
      latitude: 47.36296,
      longitude: 7.34404,
      accessibility: { step_free: true, induction_loop: true, accessible_toilets: false, note: null },
    },
    {
      name: 'Musée jurassien d’art et d’histoire',
      street_address: 'Rue du 23-Juin 52',
      postcode: '2800',
      locality: 'Delémont',
      latitude: 47.36551,
      longitude: 7.34298,
      accessibility: { step_free: false, induction_loop: false, accessible_toilets: false, note: 'Maison ancienne : étages par l’escalier seulement.' },
    },
  ],
};

/** The demo's venues (a dozen, in the towns of the French-speaking cantons), in a fixed order. */
export const DEMO_VENUES: readonly Venue[] = Object.values(VENUES).flat();

// An event's place text and venue: the town drawn, then one of its venues by the event's id (no draw, so the rest of the demo stays as it was).
const eventPlace = (drawn: string | null, id: number): { place: string | null; lieu: Venue | null } => {
  const venues = drawn === null ? undefined : VENUES[drawn];
  const venue = venues === undefined ? undefined : venues[id % venues.length];
  return venue === undefined ? { place: drawn, lieu: null } : { place: `${venue.name}, ${venue.locality}`, lieu: venue };
};

const DAY_MS = 86400000;

/** The demo's calendar: days counted from 1 January of last year. */
interface DemoDays {
  /** The day `offset` days after the first. */
  readonly isoDay: (offset: number) => string;
  /** How many days the events span (three years). */
  readonly eventDays: number;
  /** The last day a news item may carry: the day of the seed (in Europe/Zurich), at the latest the end of the demo's year. */
  readonly newsLast: number;
  /** The first and last days, and both sides of each turn of the year. */
  readonly fixed: readonly number[];
}

const demoDays = (year: number, today: string): DemoDays => {
  const first = Date.UTC(year - 1, 0, 1);
  const startOf = (y: number): number => (Date.UTC(y, 0, 1) - first) / DAY_MS;
  const eventDays = startOf(year + 2);
  const todayOffset = (Date.parse(`${today}T00:00:00Z`) - first) / DAY_MS;
  return {
    isoDay: (offset) => new Date(first + offset * DAY_MS).toISOString().slice(0, 10),
    eventDays,
    newsLast: Math.max(0, Math.min(todayOffset, startOf(year + 1) - 1)),
    fixed: [0, startOf(year) - 1, startOf(year), startOf(year + 1) - 1, startOf(year + 1), eventDays - 1],
  };
};

const time = (minutes: number): string => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

const makeEvents = (count: number, seed: number, days: DemoDays): ContentEvent[] => {
  const r = prng(seed);
  const events: ContentEvent[] = [];
  const { isoDay } = days;
  for (let id = 1; id <= count; id += 1) {
    // The first events fall on the turn of each year on purpose: grouping by year and month must get them right.
    const day = id <= days.fixed.length ? days.fixed[id - 1]! : r.int(0, days.eventDays - 1);
    const [title, mainCategory] = r.pick(EVENT_TITLES);
    // About four events in ten have a second category.
    const categories = r.chance(0.08) ? [] : r.chance(0.4) ? [mainCategory, ((mainCategory + r.int(0, 6)) % 8) + 1] : [mainCategory];
    const allDay = r.chance(0.2);
    const start = r.int(32, 82) * 15;
    const multiDay = r.chance(0.1);
    events.push({
      id,
      agenda_id: r.chance(0.6) ? 1 : 2,
      bel_date: isoDay(day),
      end_date: multiDay ? isoDay(day + r.int(1, 5)) : null,
      start_time: allDay ? null : time(start),
      end_time: allDay ? null : time(Math.min(start + r.int(4, 12) * 15, 23 * 60 + 45)),
      title,
      ...eventPlace(r.pick(PLACES), id),
      description: `<p>${title}. Entrée libre, <strong>inscription souhaitée</strong>.</p>`,
      link: `https://www.canton.example/agenda/evenement-${id}/`,
      categories: [...new Set(categories)],
    });
  }
  return events;
};

/**
 * The demo's two recurring events, after the drawn ones: a guided tour of the parliament every
 * Saturday (not on Christmas' weekend), and the Grand Council's session on the first Tuesday of
 * each month but August's recess, both over the demo's three years.
 */
const recurringEvents = (firstId: number, days: DemoDays): ContentEvent[] => {
  const first = days.isoDay(0);
  const last = days.isoDay(days.eventDays - 1);
  const year = Number(first.slice(0, 4));
  const weekdayOf = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay();
  // The first Saturday and the first Tuesday of the span (1 January is a day of the week like any).
  const firstSaturday = days.isoDay((6 - weekdayOf(first) + 7) % 7);
  const firstTuesday = days.isoDay((2 - weekdayOf(first) + 7) % 7);
  const firstTuesdayOf = (y: number, month: number): string => {
    const start = new Date(Date.UTC(y, month - 1, 1));
    start.setUTCDate(1 + ((2 - start.getUTCDay() + 7) % 7));
    return start.toISOString().slice(0, 10);
  };
  const saturdayOnOrAfter = (day: string): string => {
    const date = new Date(`${day}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + ((6 - date.getUTCDay() + 7) % 7));
    return date.toISOString().slice(0, 10);
  };
  const years = [year, year + 1, year + 2];
  const venue = VENUES['Salle du Grand Conseil, Sion']?.[0] ?? null;
  const place = venue === null ? null : `${venue.name}, ${venue.locality}`;
  return [
    {
      id: firstId,
      agenda_id: 1,
      bel_date: firstSaturday,
      start_time: '10:00',
      end_time: '11:30',
      title: 'Visite guidée du Parlement',
      place,
      lieu: venue,
      description:
        '<p>Une heure et demie dans les coulisses du Grand Conseil : la salle des séances, la tribune et les archives. <strong>Gratuit</strong>, sans inscription.</p>',
      link: null,
      categories: [6],
      recurrence: { frequency: 'weekly', weekdays: ['SA'], until: last, except: years.map((y) => saturdayOnOrAfter(`${y}-12-24`)).filter((day) => day <= last) },
    },
    {
      id: firstId + 1,
      agenda_id: 1,
      bel_date: firstTuesday,
      start_time: '09:00',
      end_time: '12:30',
      title: 'Session mensuelle du Grand Conseil',
      place,
      lieu: venue,
      description: '<p>Séance publique du Grand Conseil. La tribune est ouverte à toutes et à tous <strong>dans la limite des places</strong>.</p>',
      link: null,
      categories: [1],
      recurrence: { frequency: 'monthly', monthly_by: 'weekday', until: last, except: years.map((y) => firstTuesdayOf(y, 8)) },
    },
  ];
};

/** The news scopes and their categories: ids 1–4 are `actualites`, 5–6 `communiques`. */
export const NEWS_SCOPES = [
  { id: 1, slug: 'actualites', title: 'Actualités' },
  { id: 2, slug: 'communiques', title: 'Communiqués de presse' },
] as const;
const NEWS_CATEGORIES = [
  { id: 1, scope: 'actualites', title: 'Politique', slug: 'politique' },
  { id: 2, scope: 'actualites', title: 'Économie', slug: 'economie' },
  { id: 3, scope: 'actualites', title: 'Santé', slug: 'sante' },
  { id: 4, scope: 'actualites', title: 'Environnement', slug: 'environnement' },
  { id: 5, scope: 'communiques', title: 'Conseil d’État', slug: 'conseil-d-etat' },
  { id: 6, scope: 'communiques', title: 'Grand Conseil', slug: 'grand-conseil' },
];
/** The picture of an item, named by its emblem's number (1 to `EMBLEM_COUNT`). */
const emblemPicture = (emblem: number): string => `emblem-${pad(emblem)}`;

const makeNews = (count: number, seed: number, { isoDay, newsLast }: DemoDays): ContentNews[] => {
  const r = prng(seed);
  // Spread over the days up to the seed's, as a newsroom publishes all year round.
  const drawn = Array.from({ length: count }, (_, index) => {
    const scope = r.chance(0.65) ? 'actualites' : 'communiques';
    const own = NEWS_CATEGORIES.filter((c) => c.scope === scope).map((c) => c.id);
    return { id: index + 1, scope, offset: r.int(0, newsLast), emblem: r.int(1, EMBLEM_COUNT), categories: r.some(own, 1, 2) };
  });
  // Newest first, as the lists show them, each day gets the article of its season that its scope published longest ago: no list
  // shows one title twice in a row, and a seasonal piece (the budget, the flu campaign) comes back each season.
  const articles = new Map<number, DemoArticle>();
  const lastUsed = new Map<string, number>();
  for (const [step, item] of [...drawn].sort((a, b) => b.offset - a.offset || b.id - a.id).entries()) {
    const month = Number(isoDay(item.offset).slice(5, 7));
    const fitting = NEWS_ARTICLES.filter((article) => article.months.includes(month));
    const age = (article: DemoArticle): number => lastUsed.get(`${item.scope}|${article.title}`) ?? -1;
    const oldest = Math.min(...fitting.map(age));
    const article = r.pick(fitting.filter((candidate) => age(candidate) === oldest));
    articles.set(item.id, article);
    lastUsed.set(`${item.scope}|${article.title}`, step);
  }
  return drawn.map(({ id, scope, offset, emblem, categories }) => {
    const article = articles.get(id)!;
    const date = isoDay(offset);
    const { lead, body } = article.write(new Date(`${date}T00:00:00Z`));
    return {
      id,
      scope,
      title: article.title,
      date,
      lead,
      body,
      image: imageSet(emblemPicture(emblem)).img_2x,
      image_alt: emblemDescription(emblem),
      link: `https://www.canton.example/${scope}/${id}-${slugify(article.title)}/`,
      categories,
    };
  });
};

const SHOP_ITEMS: ContentShopItem[] = [
  { variant_id: 1, title: 'Constitution cantonale (brochure)', price: 0.9, description: 'Le texte intégral de la Constitution, format de poche.' },
  { variant_id: 2, title: 'Annuaire statistique 2025', price: 45, description: 'Chiffres clés de la population, de l’économie et du territoire.' },
  { variant_id: 3, title: 'Histoire du Château', price: 12.5, description: 'Huit siècles d’histoire du siège du gouvernement.' },
  { variant_id: 4, title: 'Carte topographique du canton', price: 19.9, description: 'Échelle 1:100 000, pliée.' },
  { variant_id: 5, title: 'Rapport de gestion du Conseil d’État', price: 25, description: 'L’activité de l’administration durant l’année écoulée.' },
  { variant_id: 6, title: 'Recueil des lois, mise à jour', price: 8.5, description: 'Feuillets de mise à jour du recueil systématique.' },
  { variant_id: 7, title: 'Guide des institutions pour les écoles', price: 3.5, description: 'Comment fonctionnent le Grand Conseil et le Conseil d’État.' },
  { variant_id: 8, title: 'Affiche « Zoé découvre le Grand Conseil »', price: 15, description: 'Affiche illustrée, format A2.' },
  // The shop shows its images at 120 px: the 240 px file is their 2x, the 480 px one would be wasted bytes.
].map((item) => ({ ...item, image: imageSet(emblemPicture(item.variant_id)).img, image_alt: emblemDescription(item.variant_id) }));

/** Builds the demo content; deterministic for given options and year, so tests compute expected answers from it. */
export const buildDemoContent = (options: DemoOptions = DEMO_DEFAULTS, now: number = Date.now()): Content => {
  const days = demoDays(demoYear(options, now), zurichToday(now));
  return {
    agendas: [
      { id: 1, title: 'Agenda du Grand Conseil' },
      { id: 2, title: 'Agenda culturel et institutionnel' },
    ],
    agenda_categories: AGENDA_CATEGORIES.map((title, i) => ({ id: i + 1, title, slug: slugify(title) })),
    events: [...makeEvents(options.events, options.seed + 1, days), ...recurringEvents(options.events + 1, days)],
    contact_categories: CONTACT_CATEGORIES.map((title, i) => ({ id: i + 1, title })),
    contacts: makeContacts(options.contacts, options.seed + 2),
    news_scopes: NEWS_SCOPES.map((s) => ({ ...s })),
    news_categories: NEWS_CATEGORIES,
    news: makeNews(options.news, options.seed + 3, days),
    shop_items: SHOP_ITEMS,
  };
};

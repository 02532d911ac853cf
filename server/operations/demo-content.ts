import { zurichToday } from '../../src/domain/agenda-window';
import type { Content, ContentContact, ContentEvent, ContentNews, ContentShopItem } from '../data/content';

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
export const DEMO_VERSION = 2;

/** The number of generated portraits and emblems; contacts reuse them. */
export const PORTRAIT_COUNT = 24;
export const EMBLEM_COUNT = 12;

/** The URL folder of the generated images; versioned so a long cache never serves a stale one. */
export const MEDIA_PREFIX = `/media/v${DEMO_VERSION}`;

/** The year the demo's dates are built around: the options', else the year it is in Europe/Zurich. */
export const demoYear = (options: DemoOptions, now: number = Date.now()): number => options.year ?? Number(zurichToday(now).slice(0, 4));

/**
 * The days the demo's events span: 1 January of last year to 31 December of next year, so the
 * agenda always has a past and a future, whenever the demo is seeded. News items stop at the
 * end of this year.
 */
export const demoSpan = (options: DemoOptions, now: number = Date.now()): { first: string; last: string } => {
  const year = demoYear(options, now);
  return { first: `${year - 1}-01-01`, last: `${year + 1}-12-31` };
};

/** The label stored with seeded content: generator version, options and the span of days (a new year, a new label). */
export const demoLabel = (options: DemoOptions): string => {
  const { first, last } = demoSpan(options);
  return `demo:v${DEMO_VERSION}:seed=${options.seed}:contacts=${options.contacts}:events=${options.events}:news=${options.news}:days=${first}..${last}`;
};

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

const DAY_MS = 86400000;

/** The demo's calendar: days counted from 1 January of last year. */
interface DemoDays {
  /** The day `offset` days after the first. */
  readonly isoDay: (offset: number) => string;
  /** How many days the events span (three years). */
  readonly eventDays: number;
  /** How many days the news span (last year and this one). */
  readonly newsDays: number;
  /** The first and last days, and both sides of each turn of the year. */
  readonly fixed: readonly number[];
}

const demoDays = (year: number): DemoDays => {
  const first = Date.UTC(year - 1, 0, 1);
  const startOf = (y: number): number => (Date.UTC(y, 0, 1) - first) / DAY_MS;
  const eventDays = startOf(year + 2);
  return {
    isoDay: (offset) => new Date(first + offset * DAY_MS).toISOString().slice(0, 10),
    eventDays,
    newsDays: startOf(year + 1),
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
      place: r.pick(PLACES),
      description: `<p>${title}. Entrée libre, <strong>inscription souhaitée</strong>.</p>`,
      link: `https://www.canton.example/agenda/evenement-${id}/`,
      categories: [...new Set(categories)],
    });
  }
  return events;
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
/** A demo news title with its lead and its article, written for that title. */
interface DemoArticle {
  readonly title: string;
  readonly lead: string;
  readonly body: string;
}

// Real text, not filler: the article pages, their structured data and the search engines read it.
const NEWS_ARTICLES: readonly DemoArticle[] = [
  {
    title: 'Le Conseil d’État présente son budget',
    lead: 'Le projet de budget prévoit des investissements records dans la formation et les transports, pour un déficit contenu à 0,8 % des charges.',
    body: [
      '<p>Le Conseil d’État a présenté ce matin à la presse son projet de budget pour l’année prochaine. Il prévoit des charges de 4,12 milliards de francs pour des revenus de 4,09 milliards, soit un déficit de 33 millions, contenu à 0,8 % des charges et conforme au frein à l’endettement inscrit dans la Constitution cantonale.</p>',
      '<h2>Priorité à l’investissement</h2>',
      '<p>Les investissements nets atteignent 412 millions de francs, un montant jamais inscrit jusqu’ici. La rénovation des bâtiments scolaires du secondaire II, la troisième étape de la route de contournement de Martigny et la modernisation des lignes ferroviaires régionales en absorbent près de la moitié.</p>',
      '<ul><li>Formation : 118 millions, dont 46 pour le nouveau gymnase de Bulle ;</li><li>Mobilité : 97 millions, routes et transports publics confondus ;</li><li>Santé et social : 64 millions, principalement pour les établissements médico-sociaux.</li></ul>',
      '<p>Du côté des charges courantes, la progression est limitée à 1,9 %. Elle s’explique pour l’essentiel par l’évolution démographique, qui pèse sur les subsides à l’assurance-maladie et sur l’effectif des classes, et par l’indexation des salaires de la fonction publique.</p>',
      '<p>Le projet sera examiné par la Commission des finances dès le mois prochain, puis débattu par le Grand Conseil lors de sa session de décembre. Le détail des chiffres, par département et par service, est publié sur le site du canton.</p>',
    ].join('\n'),
  },
  {
    title: 'Nouvelle stratégie cantonale pour le climat',
    lead: 'Neutralité carbone en 2050, assainissement des bâtiments et adaptation aux canicules : le Conseil d’État fixe le cap des vingt-cinq prochaines années.',
    body: [
      '<p>Le Conseil d’État a adopté sa stratégie climatique cantonale, qui fixe l’objectif de la neutralité carbone à l’horizon 2050, avec une étape intermédiaire : la réduction de moitié des émissions de gaz à effet de serre d’ici 2035 par rapport à 1990.</p>',
      '<p>Le bâtiment et les transports représentent à eux seuls près des trois quarts des émissions du canton. La stratégie prévoit donc d’accélérer le remplacement des chauffages à mazout, avec un programme de subventions renforcé, et de poursuivre le développement de l’offre de transports publics et des itinéraires cyclables entre les principales localités.</p>',
      '<h2>S’adapter à un climat qui change</h2>',
      '<p>Au-delà de la réduction des émissions, le canton doit se préparer aux effets déjà visibles du réchauffement : étés plus chauds, sécheresses, fonte des glaciers et dangers naturels accrus en montagne. Un plan canicule sera mis en place avec les communes pour protéger les personnes âgées, et la gestion de l’eau fera l’objet d’une planification régionale.</p>',
      '<p>Les mesures seront évaluées tous les quatre ans dans un rapport public. Les communes, les milieux économiques et les associations ont été consultés durant l’élaboration du document, qui peut être consulté en ligne.</p>',
    ].join('\n'),
  },
  {
    title: 'Ouverture d’une consultation sur la loi scolaire',
    lead: 'Horaires continus, soutien aux élèves à besoins particuliers, numérique à l’école : l’avant-projet de révision est soumis à consultation jusqu’à la fin du trimestre.',
    body: [
      '<p>Le Département de la formation met en consultation l’avant-projet de révision partielle de la loi sur l’enseignement obligatoire. Les communes, les partis politiques, les associations de parents et d’enseignants ainsi que toute personne intéressée peuvent se prononcer durant trois mois.</p>',
      '<p>La révision poursuit trois objectifs : permettre aux communes qui le souhaitent d’organiser un horaire continu avec une prise en charge à midi, mieux soutenir les élèves à besoins éducatifs particuliers dans les classes ordinaires, et donner une base légale claire à l’enseignement du numérique et à l’usage des outils informatiques.</p>',
      '<ul><li>un horaire continu facultatif, décidé par les communes ;</li><li>des enseignants spécialisés supplémentaires, répartis par région ;</li><li>une protection des données des élèves inscrite dans la loi.</li></ul>',
      '<p>Le dossier de consultation, le rapport explicatif et un questionnaire sont disponibles sur le site du canton. Les prises de position peuvent être adressées par écrit au Département de la formation ou déposées en ligne.</p>',
    ].join('\n'),
  },
  {
    title: 'Élection complémentaire au Conseil d’État',
    lead: 'Le siège laissé vacant par la démission d’un conseiller d’État sera repourvu le 14 juin ; les listes doivent être déposées à la Chancellerie d’ici au 20 avril à midi.',
    body: [
      '<p>À la suite de la démission d’un membre du Conseil d’État pour raisons de santé, une élection complémentaire aura lieu le dimanche 14 juin. Un éventuel second tour se tiendra le 5 juillet. La personne élue siégera jusqu’à la fin de la législature en cours.</p>',
      '<p>Les listes de candidatures doivent être déposées à la Chancellerie d’État au plus tard le lundi 20 avril à midi. Chaque liste doit être signée par au moins cent électrices et électeurs domiciliés dans le canton et accompagnée de la déclaration d’acceptation de la personne candidate.</p>',
      '<h2>Voter par correspondance</h2>',
      '<p>Le matériel de vote parviendra aux électrices et aux électeurs au plus tard trois semaines avant le scrutin. Le vote par correspondance est possible dès réception ; l’enveloppe doit parvenir à la commune au plus tard le vendredi précédant l’élection. Les bureaux de vote seront ouverts le dimanche matin.</p>',
      '<p>Les résultats seront publiés le soir même sur le site du canton, commune par commune, dès la fin du dépouillement.</p>',
    ].join('\n'),
  },
  {
    title: 'La vaccination contre la grippe est ouverte',
    lead: 'Dès le 15 octobre, les personnes à risque peuvent se faire vacciner chez leur médecin, dans les pharmacies participantes ou lors des journées organisées par les centres médico-sociaux.',
    body: [
      '<p>La campagne de vaccination contre la grippe saisonnière débute le 15 octobre. Le médecin cantonal recommande la vaccination aux personnes de 65 ans et plus, aux personnes atteintes d’une maladie chronique, aux femmes enceintes ainsi qu’à leur entourage et au personnel de santé.</p>',
      '<p>La vaccination est proposée par les médecins de famille et par plus de soixante pharmacies du canton, sans rendez-vous dans la plupart d’entre elles. Pour les personnes qui se déplacent difficilement, les centres médico-sociaux organisent des journées de vaccination dans les régions périphériques.</p>',
      '<p>Le vaccin protège d’autant mieux qu’il est administré avant le début de l’épidémie, qui survient généralement entre décembre et février. Il faut compter deux semaines pour que la protection soit complète.</p>',
      '<p>La liste des pharmacies participantes et les dates des journées de vaccination sont publiées sur le site du Département de la santé. La hotline du service de la santé publique répond aux questions du lundi au vendredi, de 8 h à 12 h.</p>',
    ].join('\n'),
  },
  {
    title: 'Inauguration du nouveau pont sur le Rhône',
    lead: 'Après trois ans de travaux, le pont qui relie les deux rives entre Sion et Bramois est ouvert au trafic, avec une voie réservée aux cyclistes et aux piétons.',
    body: [
      '<p>Le nouveau pont sur le Rhône a été inauguré samedi en présence des autorités cantonales et communales et de plusieurs centaines d’habitantes et d’habitants. Long de 168 mètres, l’ouvrage remplace le pont de 1954, devenu trop étroit et dont l’état ne permettait plus le passage des poids lourds.</p>',
      '<p>Le tablier accueille deux voies de circulation, un trottoir et une piste cyclable séparée du trafic, qui prolonge l’itinéraire de la Route du Rhône. Les piles ont été conçues pour résister à une crue centennale, en coordination avec les travaux de la troisième correction du fleuve.</p>',
      '<ul><li>Coût total : 38,5 millions de francs, dont 60 % à la charge du canton ;</li><li>Durée des travaux : trente-quatre mois ;</li><li>Trafic attendu : 14 000 véhicules par jour.</li></ul>',
      '<p>L’ancien pont sera démonté au cours de l’hiver. Durant ces travaux, la navigation de loisir sera interdite sur le tronçon concerné et le chemin de berge en rive gauche sera fermé par intermittence.</p>',
    ].join('\n'),
  },
  {
    title: 'Les comptes de l’État bouclent sur un excédent',
    lead: 'Les comptes présentent un excédent de revenus de 57 millions de francs, grâce à des recettes fiscales plus élevées que prévu et à une bonne maîtrise des charges.',
    body: [
      '<p>Les comptes de l’État de l’exercice écoulé bouclent sur un excédent de revenus de 57 millions de francs, alors que le budget prévoyait un léger déficit. Le Conseil d’État salue un résultat qui permet de renforcer la réserve de politique budgétaire sans renoncer aux investissements prévus.</p>',
      '<p>L’écart provient pour l’essentiel des recettes fiscales : l’impôt sur le bénéfice des entreprises dépasse les prévisions de 41 millions, et la part cantonale à l’impôt fédéral direct de 18 millions. Les charges de personnel et de fonctionnement restent inférieures au budget, en raison notamment de postes repourvus plus tard que prévu.</p>',
      '<h2>Prudence pour la suite</h2>',
      '<p>Le Conseil d’État appelle toutefois à la prudence. Une partie des recettes exceptionnelles ne se répétera pas, et la réforme de la péréquation financière fédérale pourrait réduire les montants versés au canton dès l’an prochain.</p>',
      '<p>Les comptes seront soumis à la Commission de gestion puis au Grand Conseil lors de sa session de juin. Le rapport de gestion complet est disponible sur le site du canton.</p>',
    ].join('\n'),
  },
  {
    title: 'Hélène Zufferey élue présidente du Grand Conseil',
    lead: 'Élue par 104 voix sur 122 bulletins valables, la députée de Sierre devient la première personne de l’État pour un an et succède à Jérôme Pittet.',
    body: [
      '<p>Réuni en séance constitutive, le Grand Conseil a élu Hélène Zufferey à sa présidence par 104 voix sur 122 bulletins valables. Députée depuis 2013, elle a siégé à la Commission des finances et présidé la Commission de l’éducation. Elle succède à Jérôme Pittet, qui a dirigé les débats durant l’année écoulée.</p>',
      '<p>Dans son discours d’installation, la nouvelle présidente a souhaité une année placée sous le signe du dialogue entre les régions du canton et entre les générations. Elle entend notamment ouvrir plus largement les portes du parlement aux classes et aux jeunes.</p>',
      '<p>Le plénum a également élu le premier vice-président, la deuxième vice-présidente et les scrutateurs. Le bureau du Grand Conseil ainsi constitué organisera les sessions de l’année parlementaire, dont la première se tiendra en septembre.</p>',
      '<p>Une réception publique en l’honneur de la présidente aura lieu dans sa commune de domicile le samedi suivant, en présence des autorités cantonales.</p>',
    ].join('\n'),
  },
  {
    title: 'Réforme de la péréquation financière',
    lead: 'Le Conseil d’État propose de revoir la répartition des charges entre le canton et les communes et de renforcer la solidarité envers les communes de montagne.',
    body: [
      '<p>Le Conseil d’État a transmis au Grand Conseil son message sur la réforme de la péréquation financière intercommunale. En vigueur depuis 2012, le système actuel ne compense plus suffisamment les écarts de ressources entre les communes, qui se sont creusés au cours de la dernière décennie.</p>',
      '<p>La réforme repose sur deux piliers. La péréquation des ressources sera alimentée davantage par les communes les plus favorisées, tandis qu’une nouvelle compensation des charges géo-topographiques soutiendra les communes de montagne, dont les routes, les réseaux d’eau et les transports scolaires coûtent plus cher.</p>',
      '<ul><li>98 communes sur 122 verraient leur situation s’améliorer ou rester stable ;</li><li>le volume total de la péréquation passerait de 71 à 84 millions de francs ;</li><li>une période transitoire de quatre ans limiterait les variations annuelles.</li></ul>',
      '<p>Le projet tient compte des résultats de la consultation menée l’an dernier auprès des communes et de leur association faîtière. Il sera examiné par une commission thématique avant d’être débattu en plénum, pour une entrée en vigueur prévue au 1er janvier de l’année suivante.</p>',
    ].join('\n'),
  },
  {
    title: 'Plan d’action pour la biodiversité',
    lead: 'Quarante-deux mesures pour les milieux naturels, les cours d’eau et les espèces menacées, avec un budget de 24 millions de francs sur huit ans.',
    body: [
      '<p>Le Conseil d’État a adopté le premier plan d’action cantonal pour la biodiversité. Il réunit quarante-deux mesures, dotées d’un budget de 24 millions de francs répartis sur huit ans, et complète la stratégie fédérale en la matière.</p>',
      '<p>Près d’un tiers des espèces évaluées dans le canton sont aujourd’hui menacées ou potentiellement menacées. Le plan mise en priorité sur la restauration des zones humides, la revitalisation des cours d’eau et la mise en réseau des milieux naturels, afin que la faune puisse se déplacer entre les vallées.</p>',
      '<h2>Les communes et l’agriculture associées</h2>',
      '<p>Les agricultrices et les agriculteurs seront encouragés à aménager des surfaces de promotion de la biodiversité de haute qualité, avec un accompagnement technique gratuit. Les communes recevront un guide pour l’entretien différencié de leurs espaces verts et l’éclairage public, qui perturbe la faune nocturne.</p>',
      '<p>Un premier bilan sera dressé dans quatre ans. Les mesures et leur calendrier peuvent être consultés sur le site du Département du territoire.</p>',
    ].join('\n'),
  },
];

const makeNews = (count: number, seed: number, { isoDay, newsDays }: DemoDays): ContentNews[] => {
  const r = prng(seed);
  const news: ContentNews[] = [];
  for (let id = 1; id <= count; id += 1) {
    const scope = r.chance(0.65) ? 'actualites' : 'communiques';
    const own = NEWS_CATEGORIES.filter((c) => c.scope === scope).map((c) => c.id);
    const { title, lead, body } = r.pick(NEWS_ARTICLES);
    const picture = `emblem-${pad(r.int(1, EMBLEM_COUNT))}`;
    news.push({
      id,
      scope,
      title,
      date: isoDay(r.int(0, newsDays - 1)),
      lead,
      body,
      image: imageSet(picture).img_2x,
      image_alt: `Illustration : ${title}`,
      link: `https://www.canton.example/${scope}/${id}-${slugify(title)}/`,
      categories: r.some(own, 1, 2),
    });
  }
  return news;
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
].map((item) => ({ ...item, image: imageSet(`emblem-${pad(item.variant_id)}`).img, image_alt: `Couverture : ${item.title}` }));

/** Builds the demo content; deterministic for given options and year, so tests compute expected answers from it. */
export const buildDemoContent = (options: DemoOptions = DEMO_DEFAULTS, now: number = Date.now()): Content => {
  const days = demoDays(demoYear(options, now));
  return {
    agendas: [
      { id: 1, title: 'Agenda du Grand Conseil' },
      { id: 2, title: 'Agenda culturel et institutionnel' },
    ],
    agenda_categories: AGENDA_CATEGORIES.map((title, i) => ({ id: i + 1, title, slug: slugify(title) })),
    events: makeEvents(options.events, options.seed + 1, days),
    contact_categories: CONTACT_CATEGORIES.map((title, i) => ({ id: i + 1, title })),
    contacts: makeContacts(options.contacts, options.seed + 2),
    news_scopes: NEWS_SCOPES.map((s) => ({ ...s })),
    news_categories: NEWS_CATEGORIES,
    news: makeNews(options.news, options.seed + 3, days),
    shop_items: SHOP_ITEMS,
  };
};

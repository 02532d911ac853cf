/** A demo news title with its lead and its article, written for the day it is published. */
export interface DemoArticle {
  readonly title: string;
  /** The months (1–12) in which such a piece is published: a budget in autumn, a flu campaign in October. */
  readonly months: readonly number[];
  /** The lead and the article for an item published on `day` (a UTC midnight): every date they name follows from it. */
  readonly write: (day: Date) => { readonly lead: string; readonly body: string };
}

const DAY_MS = 86400000;
const FRENCH_MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
const FRENCH_WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];

const addDays = (day: Date, days: number): Date => new Date(day.getTime() + days * DAY_MS);

/** The first day on or after `day` that falls on `weekday` (0 is Sunday). */
const nextWeekday = (day: Date, weekday: number): Date => addDays(day, (weekday - day.getUTCDay() + 7) % 7);

/** A day as French writes it in running text, without the year: "1er octobre", "20 avril". */
export const frenchDayMonth = (day: Date): string => `${day.getUTCDate() === 1 ? '1er' : day.getUTCDate()} ${FRENCH_MONTHS[day.getUTCMonth()]}`;

/** A day with its weekday, without the year: "lundi 20 avril". */
export const frenchWeekdayDayMonth = (day: Date): string => `${FRENCH_WEEKDAYS[day.getUTCDay()]} ${frenchDayMonth(day)}`;

const ALL_YEAR = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

// Real text, not filler: the article pages, their structured data and the search engines read it.
// A text says no date that its publication day contradicts: the dates it names are computed from that day.
/** The demo's articles; each is published only in the months it fits, and writes its dates from its day. */
export const NEWS_ARTICLES: readonly DemoArticle[] = [
  {
    title: 'Le Conseil d’État présente son budget',
    months: [9, 10],
    write: (day) => ({
      lead: `Le projet de budget ${day.getUTCFullYear() + 1} prévoit des investissements records dans la formation et les transports, pour un déficit contenu à 0,8 % des charges.`,
      body: [
        `<p>Le Conseil d’État a présenté ce matin à la presse son projet de budget pour ${day.getUTCFullYear() + 1}. Il prévoit des charges de 4,12 milliards de francs pour des revenus de 4,09 milliards, soit un déficit de 33 millions, contenu à 0,8 % des charges et conforme au frein à l’endettement inscrit dans la Constitution cantonale.</p>`,
        '<h2>Priorité à l’investissement</h2>',
        '<p>Les investissements nets atteignent 412 millions de francs, un montant jamais inscrit jusqu’ici. La rénovation des bâtiments scolaires du secondaire II, la troisième étape de la route de contournement de Martigny et la modernisation des lignes ferroviaires régionales en absorbent près de la moitié.</p>',
        '<ul><li>Formation : 118 millions, dont 46 pour le nouveau gymnase de Bulle ;</li><li>Mobilité : 97 millions, routes et transports publics confondus ;</li><li>Santé et social : 64 millions, principalement pour les établissements médico-sociaux.</li></ul>',
        '<p>Du côté des charges courantes, la progression est limitée à 1,9 %. Elle s’explique pour l’essentiel par l’évolution démographique, qui pèse sur les subsides à l’assurance-maladie et sur l’effectif des classes, et par l’indexation des salaires de la fonction publique.</p>',
        '<p>Le projet sera examiné par la Commission des finances dès le mois prochain, puis débattu par le Grand Conseil lors de sa session de décembre. Le détail des chiffres, par département et par service, est publié sur le site du canton.</p>',
      ].join('\n'),
    }),
  },
  {
    title: 'Nouvelle stratégie cantonale pour le climat',
    months: ALL_YEAR,
    write: () => ({
      lead: 'Neutralité carbone en 2050, assainissement des bâtiments et adaptation aux canicules : le Conseil d’État fixe le cap des vingt-cinq prochaines années.',
      body: [
        '<p>Le Conseil d’État a adopté sa stratégie climatique cantonale, qui fixe l’objectif de la neutralité carbone à l’horizon 2050, avec une étape intermédiaire : la réduction de moitié des émissions de gaz à effet de serre d’ici 2035 par rapport à 1990.</p>',
        '<p>Le bâtiment et les transports représentent à eux seuls près des trois quarts des émissions du canton. La stratégie prévoit donc d’accélérer le remplacement des chauffages à mazout, avec un programme de subventions renforcé, et de poursuivre le développement de l’offre de transports publics et des itinéraires cyclables entre les principales localités.</p>',
        '<h2>S’adapter à un climat qui change</h2>',
        '<p>Au-delà de la réduction des émissions, le canton doit se préparer aux effets déjà visibles du réchauffement : étés plus chauds, sécheresses, fonte des glaciers et dangers naturels accrus en montagne. Un plan canicule sera mis en place avec les communes pour protéger les personnes âgées, et la gestion de l’eau fera l’objet d’une planification régionale.</p>',
        '<p>Les mesures seront évaluées tous les quatre ans dans un rapport public. Les communes, les milieux économiques et les associations ont été consultés durant l’élaboration du document, qui peut être consulté en ligne.</p>',
      ].join('\n'),
    }),
  },
  {
    title: 'Ouverture d’une consultation sur la loi scolaire',
    months: ALL_YEAR,
    write: (day) => ({
      lead: `Horaires continus, soutien aux élèves à besoins particuliers, numérique à l’école : l’avant-projet de révision est soumis à consultation jusqu’au ${frenchDayMonth(addDays(day, 91))}.`,
      body: [
        '<p>Le Département de la formation met en consultation l’avant-projet de révision partielle de la loi sur l’enseignement obligatoire. Les communes, les partis politiques, les associations de parents et d’enseignants ainsi que toute personne intéressée peuvent se prononcer durant trois mois.</p>',
        '<p>La révision poursuit trois objectifs : permettre aux communes qui le souhaitent d’organiser un horaire continu avec une prise en charge à midi, mieux soutenir les élèves à besoins éducatifs particuliers dans les classes ordinaires, et donner une base légale claire à l’enseignement du numérique et à l’usage des outils informatiques.</p>',
        '<ul><li>un horaire continu facultatif, décidé par les communes ;</li><li>des enseignants spécialisés supplémentaires, répartis par région ;</li><li>une protection des données des élèves inscrite dans la loi.</li></ul>',
        '<p>Le dossier de consultation, le rapport explicatif et un questionnaire sont disponibles sur le site du canton. Les prises de position peuvent être adressées par écrit au Département de la formation ou déposées en ligne.</p>',
      ].join('\n'),
    }),
  },
  {
    title: 'Élection complémentaire au Conseil d’État',
    months: [1, 2, 3, 4, 5, 8, 9, 10],
    write: (day) => {
      // The lists close on a Monday three weeks on; the vote is on a Sunday about ten weeks on, a second round three weeks later.
      const lists = nextWeekday(addDays(day, 21), 1);
      const vote = nextWeekday(addDays(day, 70), 0);
      const second = addDays(vote, 21);
      return {
        lead: `Le siège laissé vacant par la démission d’un conseiller d’État sera repourvu le ${frenchDayMonth(vote)} ; les listes doivent être déposées à la Chancellerie d’ici au ${frenchDayMonth(lists)} à midi.`,
        body: [
          `<p>À la suite de la démission d’un membre du Conseil d’État pour raisons de santé, une élection complémentaire aura lieu le ${frenchWeekdayDayMonth(vote)}. Un éventuel second tour se tiendra le ${frenchDayMonth(second)}. La personne élue siégera jusqu’à la fin de la législature en cours.</p>`,
          `<p>Les listes de candidatures doivent être déposées à la Chancellerie d’État au plus tard le ${frenchWeekdayDayMonth(lists)} à midi. Chaque liste doit être signée par au moins cent électrices et électeurs domiciliés dans le canton et accompagnée de la déclaration d’acceptation de la personne candidate.</p>`,
          '<h2>Voter par correspondance</h2>',
          '<p>Le matériel de vote parviendra aux électrices et aux électeurs au plus tard trois semaines avant le scrutin. Le vote par correspondance est possible dès réception ; l’enveloppe doit parvenir à la commune au plus tard le vendredi précédant l’élection. Les bureaux de vote seront ouverts le dimanche matin.</p>',
          '<p>Les résultats seront publiés le soir même sur le site du canton, commune par commune, dès la fin du dépouillement.</p>',
        ].join('\n'),
      };
    },
  },
  {
    title: 'La vaccination contre la grippe est ouverte',
    months: [10, 11],
    write: (day) => ({
      lead: `Dès le ${frenchDayMonth(day)}, les personnes à risque peuvent se faire vacciner chez leur médecin, dans les pharmacies participantes ou lors des journées organisées par les centres médico-sociaux.`,
      body: [
        `<p>La campagne de vaccination contre la grippe saisonnière débute le ${frenchDayMonth(day)}. Le médecin cantonal recommande la vaccination aux personnes de 65 ans et plus, aux personnes atteintes d’une maladie chronique, aux femmes enceintes ainsi qu’à leur entourage et au personnel de santé.</p>`,
        '<p>La vaccination est proposée par les médecins de famille et par plus de soixante pharmacies du canton, sans rendez-vous dans la plupart d’entre elles. Pour les personnes qui se déplacent difficilement, les centres médico-sociaux organisent des journées de vaccination dans les régions périphériques.</p>',
        '<p>Le vaccin protège d’autant mieux qu’il est administré avant le début de l’épidémie, qui survient généralement entre décembre et février. Il faut compter deux semaines pour que la protection soit complète.</p>',
        '<p>La liste des pharmacies participantes et les dates des journées de vaccination sont publiées sur le site du Département de la santé. La hotline du service de la santé publique répond aux questions du lundi au vendredi, de 8 h à 12 h.</p>',
      ].join('\n'),
    }),
  },
  {
    title: 'Inauguration du nouveau pont sur le Rhône',
    months: [4, 5, 6, 7, 8, 9, 10],
    write: (day) => ({
      lead: 'Après trois ans de travaux, le pont qui relie les deux rives entre Sion et Bramois est ouvert au trafic, avec une voie réservée aux cyclistes et aux piétons.',
      body: [
        `<p>Le nouveau pont sur le Rhône a été inauguré le ${frenchWeekdayDayMonth(addDays(day, -1))} en présence des autorités cantonales et communales et de plusieurs centaines d’habitantes et d’habitants. Long de 168 mètres, l’ouvrage remplace le pont de 1954, devenu trop étroit et dont l’état ne permettait plus le passage des poids lourds.</p>`,
        '<p>Le tablier accueille deux voies de circulation, un trottoir et une piste cyclable séparée du trafic, qui prolonge l’itinéraire de la Route du Rhône. Les piles ont été conçues pour résister à une crue centennale, en coordination avec les travaux de la troisième correction du fleuve.</p>',
        '<ul><li>Coût total : 38,5 millions de francs, dont 60 % à la charge du canton ;</li><li>Durée des travaux : trente-quatre mois ;</li><li>Trafic attendu : 14 000 véhicules par jour.</li></ul>',
        '<p>L’ancien pont sera démonté au cours de l’hiver. Durant ces travaux, la navigation de loisir sera interdite sur le tronçon concerné et le chemin de berge en rive gauche sera fermé par intermittence.</p>',
      ].join('\n'),
    }),
  },
  {
    title: 'Les comptes de l’État bouclent sur un excédent',
    months: [3, 4, 5],
    write: (day) => ({
      lead: `Les comptes ${day.getUTCFullYear() - 1} présentent un excédent de revenus de 57 millions de francs, grâce à des recettes fiscales plus élevées que prévu et à une bonne maîtrise des charges.`,
      body: [
        `<p>Les comptes de l’État de l’exercice ${day.getUTCFullYear() - 1} bouclent sur un excédent de revenus de 57 millions de francs, alors que le budget prévoyait un léger déficit. Le Conseil d’État salue un résultat qui permet de renforcer la réserve de politique budgétaire sans renoncer aux investissements prévus.</p>`,
        '<p>L’écart provient pour l’essentiel des recettes fiscales : l’impôt sur le bénéfice des entreprises dépasse les prévisions de 41 millions, et la part cantonale à l’impôt fédéral direct de 18 millions. Les charges de personnel et de fonctionnement restent inférieures au budget, en raison notamment de postes repourvus plus tard que prévu.</p>',
        '<h2>Prudence pour la suite</h2>',
        '<p>Le Conseil d’État appelle toutefois à la prudence. Une partie des recettes exceptionnelles ne se répétera pas, et la réforme de la péréquation financière fédérale pourrait réduire les montants versés au canton dès l’an prochain.</p>',
        '<p>Les comptes seront soumis à la Commission de gestion puis au Grand Conseil lors de sa session de juin. Le rapport de gestion complet est disponible sur le site du canton.</p>',
      ].join('\n'),
    }),
  },
  {
    title: 'Hélène Zufferey élue présidente du Grand Conseil',
    months: [5, 6],
    write: () => ({
      lead: 'Élue par 104 voix sur 122 bulletins valables, la députée de Sierre devient la première personne de l’État pour un an et succède à Jérôme Pittet.',
      body: [
        '<p>Réuni en séance constitutive, le Grand Conseil a élu Hélène Zufferey à sa présidence par 104 voix sur 122 bulletins valables. Députée depuis 2013, elle a siégé à la Commission des finances et présidé la Commission de l’éducation. Elle succède à Jérôme Pittet, qui a dirigé les débats durant l’année écoulée.</p>',
        '<p>Dans son discours d’installation, la nouvelle présidente a souhaité une année placée sous le signe du dialogue entre les régions du canton et entre les générations. Elle entend notamment ouvrir plus largement les portes du parlement aux classes et aux jeunes.</p>',
        '<p>Le plénum a également élu le premier vice-président, la deuxième vice-présidente et les scrutateurs. Le bureau du Grand Conseil ainsi constitué organisera les sessions de l’année parlementaire, dont la première se tiendra en septembre.</p>',
        '<p>Une réception publique en l’honneur de la présidente aura lieu dans sa commune de domicile le samedi suivant, en présence des autorités cantonales.</p>',
      ].join('\n'),
    }),
  },
  {
    title: 'Réforme de la péréquation financière',
    months: ALL_YEAR,
    write: (day) => ({
      lead: 'Le Conseil d’État propose de revoir la répartition des charges entre le canton et les communes et de renforcer la solidarité envers les communes de montagne.',
      body: [
        '<p>Le Conseil d’État a transmis au Grand Conseil son message sur la réforme de la péréquation financière intercommunale. En vigueur depuis 2012, le système actuel ne compense plus suffisamment les écarts de ressources entre les communes, qui se sont creusés au cours de la dernière décennie.</p>',
        '<p>La réforme repose sur deux piliers. La péréquation des ressources sera alimentée davantage par les communes les plus favorisées, tandis qu’une nouvelle compensation des charges géo-topographiques soutiendra les communes de montagne, dont les routes, les réseaux d’eau et les transports scolaires coûtent plus cher.</p>',
        '<ul><li>98 communes sur 122 verraient leur situation s’améliorer ou rester stable ;</li><li>le volume total de la péréquation passerait de 71 à 84 millions de francs ;</li><li>une période transitoire de quatre ans limiterait les variations annuelles.</li></ul>',
        `<p>Le projet tient compte des résultats de la consultation menée l’an dernier auprès des communes et de leur association faîtière. Il sera examiné par une commission thématique avant d’être débattu en plénum, pour une entrée en vigueur prévue le 1er janvier ${day.getUTCFullYear() + 2}.</p>`,
      ].join('\n'),
    }),
  },
  {
    title: 'Plan d’action pour la biodiversité',
    months: ALL_YEAR,
    write: () => ({
      lead: 'Quarante-deux mesures pour les milieux naturels, les cours d’eau et les espèces menacées, avec un budget de 24 millions de francs sur huit ans.',
      body: [
        '<p>Le Conseil d’État a adopté le premier plan d’action cantonal pour la biodiversité. Il réunit quarante-deux mesures, dotées d’un budget de 24 millions de francs répartis sur huit ans, et complète la stratégie fédérale en la matière.</p>',
        '<p>Près d’un tiers des espèces évaluées dans le canton sont aujourd’hui menacées ou potentiellement menacées. Le plan mise en priorité sur la restauration des zones humides, la revitalisation des cours d’eau et la mise en réseau des milieux naturels, afin que la faune puisse se déplacer entre les vallées.</p>',
        '<h2>Les communes et l’agriculture associées</h2>',
        '<p>Les agricultrices et les agriculteurs seront encouragés à aménager des surfaces de promotion de la biodiversité de haute qualité, avec un accompagnement technique gratuit. Les communes recevront un guide pour l’entretien différencié de leurs espaces verts et l’éclairage public, qui perturbe la faune nocturne.</p>',
        '<p>Un premier bilan sera dressé dans quatre ans. Les mesures et leur calendrier peuvent être consultés sur le site du Département du territoire.</p>',
      ].join('\n'),
    }),
  },
];

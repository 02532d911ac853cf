import type { Language } from '../../i18n/language';

/**
 * The accessibility statement's generic parts, in every language of the site: what the software
 * itself does and how it is checked, true whatever institution publishes it. The institution's
 * parts (known limits, contact, remedies, the date of its review) are its site profile's
 * `accessibility.md`, shown after these. They live here rather than in the message catalogues:
 * those travel with every page's script, while this text is needed only by the statement's page.
 * Say only what is true of the project: which checks run, and what has not been done; name no institution.
 */

/** A titled part of the statement: paragraphs, then a list when it has one. */
export interface StatementSection {
  readonly title: string;
  readonly paragraphs: readonly string[];
  readonly items?: readonly string[];
}

/** The statement's generic parts in one language. */
export interface AccessibilityStatement {
  readonly intro: string;
  readonly status: StatementSection;
  readonly standards: StatementSection;
  readonly tests: StatementSection;
  readonly screenReaders: StatementSection;
}

/** The statement's generic parts in each language of the site. */
export const ACCESSIBILITY_STATEMENTS: Readonly<Record<Language, AccessibilityStatement>> = {
  fr: {
    intro:
      'Ce site est conçu pour être accessible à toutes et à tous, quels que soient leur handicap et les outils qu’ils utilisent. Cette déclaration s’applique à toutes ses pages, dans chacune de ses langues : elle dit d’abord ce que fait le logiciel qui le publie et comment il est vérifié, puis les limites connues, comment signaler un problème et la date de la déclaration.',
    status: {
      title: 'État de conformité',
      paragraphs: [
        'Ce site est partiellement conforme aux Règles pour l’accessibilité des contenus web (WCAG) 2.1, niveau AA, en raison des limites connues décrites plus bas.',
        'Aucun audit complet n’a encore été mené par un organisme indépendant selon le RGAA 4.1 ou la norme eCH-0059 : cet état repose sur les vérifications du projet décrites ci-dessous, et non sur un taux de conformité mesuré critère par critère. Au sens du RGAA, qui exige un tel audit, le site est donc déclaré non conforme tant que cet audit n’a pas eu lieu.',
      ],
    },
    standards: {
      title: 'Référentiels',
      paragraphs: ['Le site vise le niveau AA des référentiels suivants :'],
      items: [
        'WCAG 2.1 (Web Content Accessibility Guidelines, W3C), niveau AA ;',
        'RGAA 4.1 (Référentiel général d’amélioration de l’accessibilité, France), qui reprend les WCAG 2.1 AA ;',
        'eCH-0059 version 3.0 (norme suisse d’accessibilité), qui renvoie aux WCAG 2.1 AA, en application de la loi sur l’égalité pour les handicapés (LHand).',
      ],
    },
    tests: {
      title: 'Vérifications effectuées',
      paragraphs: ['À chaque version, des tests automatiques vérifient le site dans le navigateur Chromium :'],
      items: [
        'axe-core (règles WCAG 2.1 A et AA, et bonnes pratiques) sur chaque rubrique, dans plusieurs de ses états (filtres, fiche d’un contact ouverte, panier rempli, autre langue), sur cette page et sur des pages affichées sans JavaScript ;',
        'des parcours au clavier : « Afficher plus » et le déplacement du focus sur le premier élément ajouté, la fiche d’un contact (focus gardé dans la fenêtre, fermeture par Échap, retour du focus), le focus après le retrait d’un filtre ;',
        'les rôles, noms accessibles et annonces (zones live) de chaque composant, lus dans l’arbre d’accessibilité ;',
        'la redistribution du contenu à 320 pixels de large et l’agrandissement à 200 %, sans défilement horizontal ;',
        'l’impression des listes et des articles ;',
        'chaque page est rendue par le serveur et se lit sans JavaScript ; ses liens, filtres et formulaires fonctionnent aussi sans lui, sauf la boutique et le panier (voir les limites connues).',
      ],
    },
    screenReaders: {
      title: 'Lecteurs d’écran',
      paragraphs: [
        'Aucun test n’a encore été mené avec un lecteur d’écran (NVDA, JAWS, VoiceOver, TalkBack) ni par des personnes qui en utilisent. Les noms, rôles et annonces vérifiés automatiquement sont ceux que ces outils lisent, mais ces vérifications ne remplacent pas un tel essai. Il est prévu avec l’audit.',
      ],
    },
  },
  de: {
    intro:
      'Diese Website ist so gebaut, dass sie für alle zugänglich ist, unabhängig von Behinderungen und verwendeten Hilfsmitteln. Diese Erklärung gilt für alle ihre Seiten in jeder ihrer Sprachen: Sie sagt zuerst, was die Software tut, die sie veröffentlicht, und wie sie geprüft wird, dann die bekannten Einschränkungen, wie man ein Problem meldet und das Datum der Erklärung.',
    status: {
      title: 'Stand der Konformität',
      paragraphs: [
        'Diese Website ist teilweise konform mit den Richtlinien für barrierefreie Webinhalte (WCAG) 2.1, Stufe AA, wegen der unten beschriebenen bekannten Einschränkungen.',
        'Eine vollständige Prüfung durch eine unabhängige Stelle nach RGAA 4.1 oder eCH-0059 hat noch nicht stattgefunden: Dieser Stand beruht auf den unten beschriebenen Prüfungen des Projekts, nicht auf einem Kriterium für Kriterium gemessenen Konformitätsgrad. Im Sinne des RGAA, der eine solche Prüfung verlangt, gilt die Website deshalb als nicht konform, solange diese Prüfung aussteht.',
      ],
    },
    standards: {
      title: 'Standards',
      paragraphs: ['Die Website strebt die Stufe AA der folgenden Standards an:'],
      items: [
        'WCAG 2.1 (Web Content Accessibility Guidelines, W3C), Stufe AA;',
        'RGAA 4.1 (Référentiel général d’amélioration de l’accessibilité, Frankreich), der die WCAG 2.1 AA übernimmt;',
        'eCH-0059 Version 3.0 (Schweizer Accessibility-Standard), der auf die WCAG 2.1 AA verweist, in Anwendung des Behindertengleichstellungsgesetzes (BehiG).',
      ],
    },
    tests: {
      title: 'Durchgeführte Prüfungen',
      paragraphs: ['Bei jeder Version prüfen automatische Tests die Website im Browser Chromium:'],
      items: [
        'axe-core (Regeln WCAG 2.1 A und AA sowie Best Practices) auf jeder Rubrik in mehreren ihrer Zustände (Filter, geöffnete Karte eines Kontakts, gefüllter Warenkorb, andere Sprache), auf dieser Seite und auf Seiten ohne JavaScript;',
        'Abläufe mit der Tastatur: «Mehr anzeigen» mit dem Fokus auf dem ersten neuen Element, die Karte eines Kontakts (Fokus im Fenster gehalten, Schliessen mit Escape, Rückkehr des Fokus), der Fokus nach dem Entfernen eines Filters;',
        'Rollen, zugängliche Namen und Ansagen (Live-Regionen) jeder Komponente, aus dem Barrierefreiheitsbaum gelesen;',
        'die Darstellung bei 320 Pixel Breite und bei 200 % Vergrösserung, ohne horizontales Scrollen;',
        'der Druck der Listen und der Artikel;',
        'jede Seite wird vom Server erzeugt und ist ohne JavaScript lesbar; ihre Links, Filter und Formulare funktionieren auch ohne, ausser Shop und Warenkorb (siehe bekannte Einschränkungen).',
      ],
    },
    screenReaders: {
      title: 'Screenreader',
      paragraphs: [
        'Es wurde noch kein Test mit einem Screenreader (NVDA, JAWS, VoiceOver, TalkBack) oder durch Personen, die einen verwenden, durchgeführt. Die automatisch geprüften Namen, Rollen und Ansagen sind diejenigen, die diese Programme vorlesen, doch ersetzen diese Prüfungen einen solchen Test nicht. Er ist zusammen mit der Prüfung vorgesehen.',
      ],
    },
  },
  it: {
    intro:
      'Questo sito è concepito per essere accessibile a tutte e a tutti, indipendentemente dalla disabilità e dagli strumenti utilizzati. La presente dichiarazione si applica a tutte le sue pagine, in ognuna delle sue lingue: dice prima che cosa fa il software che lo pubblica e come è verificato, poi i limiti noti, come segnalare un problema e la data della dichiarazione.',
    status: {
      title: 'Stato di conformità',
      paragraphs: [
        'Questo sito è parzialmente conforme alle Linee guida per l’accessibilità dei contenuti web (WCAG) 2.1, livello AA, a causa dei limiti noti descritti più sotto.',
        'Nessuna verifica completa è ancora stata svolta da un organismo indipendente secondo il RGAA 4.1 o la norma eCH-0059: questo stato si basa sulle verifiche del progetto descritte qui sotto, non su un tasso di conformità misurato criterio per criterio. Ai sensi del RGAA, che richiede tale verifica, il sito è quindi dichiarato non conforme finché essa non avrà avuto luogo.',
      ],
    },
    standards: {
      title: 'Norme di riferimento',
      paragraphs: ['Il sito mira al livello AA delle seguenti norme:'],
      items: [
        'WCAG 2.1 (Web Content Accessibility Guidelines, W3C), livello AA;',
        'RGAA 4.1 (Référentiel général d’amélioration de l’accessibilité, Francia), che riprende le WCAG 2.1 AA;',
        'eCH-0059 versione 3.0 (standard svizzero di accessibilità), che rinvia alle WCAG 2.1 AA, in applicazione della legge sui disabili (LDis).',
      ],
    },
    tests: {
      title: 'Verifiche svolte',
      paragraphs: ['A ogni versione, test automatici verificano il sito nel browser Chromium:'],
      items: [
        'axe-core (regole WCAG 2.1 A e AA e buone pratiche) su ogni rubrica in diversi suoi stati (filtri, scheda di un contatto aperta, carrello pieno, altra lingua), su questa pagina e su pagine visualizzate senza JavaScript;',
        'percorsi da tastiera: «Mostra altro» con lo spostamento del focus sul primo elemento aggiunto, la scheda di un contatto (focus trattenuto nella finestra, chiusura con Esc, ritorno del focus), il focus dopo la rimozione di un filtro;',
        'i ruoli, i nomi accessibili e gli annunci (regioni live) di ogni componente, letti nell’albero di accessibilità;',
        'la ridisposizione dei contenuti a 320 pixel di larghezza e l’ingrandimento al 200 %, senza scorrimento orizzontale;',
        'la stampa degli elenchi e degli articoli;',
        'ogni pagina è generata dal server e si legge senza JavaScript; i suoi link, filtri e moduli funzionano anche senza, tranne il negozio e il carrello (vedi i limiti noti).',
      ],
    },
    screenReaders: {
      title: 'Lettori di schermo',
      paragraphs: [
        'Nessun test è ancora stato svolto con un lettore di schermo (NVDA, JAWS, VoiceOver, TalkBack) né da persone che ne fanno uso. I nomi, i ruoli e gli annunci verificati automaticamente sono quelli che questi programmi leggono, ma tali verifiche non sostituiscono una simile prova, prevista insieme alla verifica completa.',
      ],
    },
  },
  en: {
    intro:
      'This site is built to be accessible to everyone, whatever their disability and the tools they use. This statement applies to every one of its pages, in each of its languages: it first says what the software that publishes it does and how it is checked, then the known limitations, how to report a problem and the date of the statement.',
    status: {
      title: 'Compliance status',
      paragraphs: [
        'This site is partially compliant with the Web Content Accessibility Guidelines (WCAG) 2.1, level AA, because of the known limitations described below.',
        'No full audit has yet been carried out by an independent body against RGAA 4.1 or the eCH-0059 standard: this status rests on the project’s checks described below, not on a compliance rate measured criterion by criterion. Under RGAA, which requires such an audit, the site is therefore declared non-compliant until that audit has taken place.',
      ],
    },
    standards: {
      title: 'Standards',
      paragraphs: ['The site aims at level AA of the following standards:'],
      items: [
        'WCAG 2.1 (Web Content Accessibility Guidelines, W3C), level AA;',
        'RGAA 4.1 (Référentiel général d’amélioration de l’accessibilité, France), which takes up WCAG 2.1 AA;',
        'eCH-0059 version 3.0 (the Swiss accessibility standard), which refers to WCAG 2.1 AA, under the Disability Discrimination Act (DDA).',
      ],
    },
    tests: {
      title: 'Checks carried out',
      paragraphs: ['With every version, automated tests check the site in the Chromium browser:'],
      items: [
        'axe-core (WCAG 2.1 A and AA rules, and best practices) on every section in several of its states (filters, a contact’s card open, a filled cart, another language), on this page and on pages shown without JavaScript;',
        'keyboard journeys: “Show more” with focus moved to the first new item, a contact’s card (focus kept in the dialog, closed with Escape, focus returned), focus after a filter is removed;',
        'the roles, accessible names and announcements (live regions) of every component, read from the accessibility tree;',
        'reflow at 320 pixels wide and zoom to 200 %, with no horizontal scrolling;',
        'printing of the lists and articles;',
        'every page is rendered by the server and reads without JavaScript; its links, filters and forms work without it too, except the shop and the cart (see the known limitations).',
      ],
    },
    screenReaders: {
      title: 'Screen readers',
      paragraphs: [
        'No test has yet been carried out with a screen reader (NVDA, JAWS, VoiceOver, TalkBack), nor by people who use one. The names, roles and announcements checked automatically are those these tools read out, but these checks do not replace such a test. It is planned with the audit.',
      ],
    },
  },
};

import type { Language } from '../../i18n/language';

/**
 * The accessibility statement's texts, in every language of the site. They live here rather
 * than in the message catalogues: those travel with every page's script, while this text is
 * needed only by the statement's page (its server rendering, and its chunk on a language switch).
 * Say only what is true of the project: which checks run, and what has not been done.
 */

/** The day the statement was written (and last reviewed), for `<time datetime>`. */
export const STATEMENT_DATE = '2026-11-28';

/** Where a visitor reports a problem: an address of the demo institution. */
export const ACCESSIBILITY_EMAIL = 'accessibilite@canton.example';

/** A titled part of the statement: paragraphs, then a list when it has one. */
export interface StatementSection {
  readonly title: string;
  readonly paragraphs: readonly string[];
  readonly items?: readonly string[];
}

/** The whole statement in one language. */
export interface AccessibilityStatement {
  readonly intro: string;
  readonly status: StatementSection;
  readonly standards: StatementSection;
  readonly tests: StatementSection;
  readonly screenReaders: StatementSection;
  readonly limits: StatementSection;
  readonly contact: StatementSection & {
    readonly emailLabel: string;
    readonly postalLabel: string;
    /** The lines of the postal address. */
    readonly postal: readonly string[];
  };
  readonly recourse: StatementSection;
  readonly dated: { readonly title: string; readonly before: string; readonly date: string; readonly after: string };
}

const POSTAL = ['Chancellerie d’État – Accessibilité numérique', 'Place du Château 1', '1990 Valmont'];

/** The statement in each language of the site. */
export const ACCESSIBILITY_STATEMENTS: Readonly<Record<Language, AccessibilityStatement>> = {
  fr: {
    intro:
      'Le Canton de Valmont s’engage à rendre son site accessible à toutes et à tous, quels que soient leur handicap et les outils qu’ils utilisent. Cette déclaration s’applique à toutes les pages du site, dans ses quatre langues.',
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
    limits: {
      title: 'Limites connues',
      paragraphs: ['Les points suivants ne sont pas, ou pas entièrement, accessibles :'],
      items: [
        'les contenus rédigés par l’institution (actualités, événements, fiches de l’annuaire, catégories) sont publiés en français seulement ; dans les versions allemande, italienne et anglaise, ils restent en français et leur langue est indiquée aux aides techniques (attribut lang), sauf quand ils sont cités dans le titre de la fenêtre ou dans le nom d’un bouton, comme celui qui retire un filtre d’actualités, où une langue ne peut pas être indiquée (WCAG 3.1.2) ;',
        'la boutique et le panier ne fonctionnent pas sans JavaScript : le panier est gardé dans le navigateur (stockage local), que seul un script peut lire ; leurs pages le disent à qui n’a pas JavaScript ;',
        'une image d’actualité n’a de texte de remplacement que si la rédaction en fournit un ; sans lui, elle est traitée comme décorative, son titre figurant à côté ;',
        'la structure des textes rédigés (titres, listes des descriptions et des articles) dépend de la rédaction et n’est pas vérifiée ;',
        'les fichiers de calendrier (.ics) et de contact (.vcf) à télécharger sont lus par d’autres applications, dont l’accessibilité n’a pas été évaluée ;',
        'les tests ne tournent que dans Chromium : Firefox, Safari et les navigateurs des téléphones n’ont pas été vérifiés ;',
        'il n’existe pas de version en langage simplifié (FALC) ni en langue des signes.',
      ],
    },
    contact: {
      title: 'Signaler un problème',
      paragraphs: [
        'Si vous ne parvenez pas à accéder à un contenu ou à un service, écrivez-nous : nous vous répondrons et vous proposerons un autre moyen d’obtenir l’information. Indiquez l’adresse de la page, ce que vous cherchiez à faire, et si possible votre navigateur et votre aide technique.',
      ],
      emailLabel: 'Courriel :',
      postalLabel: 'Courrier :',
      postal: POSTAL,
    },
    recourse: {
      title: 'Voies de recours',
      paragraphs: ['Si vous nous avez signalé un défaut et n’avez pas obtenu de réponse satisfaisante :'],
      items: [
        'en Suisse, vous pouvez vous adresser à l’organe de médiation administrative du canton, ou faire valoir vos droits selon la loi sur l’égalité pour les handicapés (LHand) ;',
        'en France, vous pouvez saisir le Défenseur des droits : par le formulaire en ligne de defenseurdesdroits.fr, auprès de l’un de ses délégués, ou par courrier gratuit à Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07.',
      ],
    },
    dated: {
      title: 'Date de la déclaration',
      before: 'Cette déclaration a été établie le ',
      date: '28 novembre 2026',
      after: '. Elle sera revue après l’audit, et à chaque évolution importante du site.',
    },
  },
  de: {
    intro:
      'Der Kanton Valmont setzt sich dafür ein, seine Website für alle zugänglich zu machen, unabhängig von Behinderungen und verwendeten Hilfsmitteln. Diese Erklärung gilt für alle Seiten der Website in ihren vier Sprachen.',
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
    limits: {
      title: 'Bekannte Einschränkungen',
      paragraphs: ['Folgendes ist nicht oder nicht vollständig barrierefrei:'],
      items: [
        'die von der Institution verfassten Inhalte (Meldungen, Veranstaltungen, Einträge des Verzeichnisses, Kategorien) werden nur auf Französisch veröffentlicht; in der deutschen, italienischen und englischen Fassung bleiben sie französisch, und ihre Sprache wird den Hilfsmitteln angegeben (Attribut lang), ausser wenn sie im Titel des Fensters oder im Namen einer Schaltfläche zitiert werden, etwa jener, die einen Filter der Meldungen entfernt: Dort lässt sich keine Sprache angeben (WCAG 3.1.2);',
        'Shop und Warenkorb funktionieren nicht ohne JavaScript: Der Warenkorb wird im Browser gespeichert (lokaler Speicher), den nur ein Skript lesen kann; ihre Seiten sagen dies, wenn JavaScript fehlt;',
        'ein Bild einer Meldung hat nur dann einen Alternativtext, wenn die Redaktion einen liefert; ohne ihn gilt es als dekorativ, da sein Titel daneben steht;',
        'die Struktur der redaktionellen Texte (Überschriften, Listen in Beschreibungen und Artikeln) hängt von der Redaktion ab und wird nicht geprüft;',
        'die herunterladbaren Kalender- (.ics) und Kontaktdateien (.vcf) werden von anderen Anwendungen gelesen, deren Barrierefreiheit nicht beurteilt wurde;',
        'die Tests laufen nur in Chromium: Firefox, Safari und die Browser von Mobiltelefonen wurden nicht geprüft;',
        'es gibt keine Fassung in Leichter Sprache und keine in Gebärdensprache.',
      ],
    },
    contact: {
      title: 'Ein Problem melden',
      paragraphs: [
        'Wenn Sie auf einen Inhalt oder eine Dienstleistung nicht zugreifen können, schreiben Sie uns: Wir antworten Ihnen und bieten Ihnen einen anderen Weg zur Information an. Nennen Sie die Adresse der Seite, was Sie tun wollten, und wenn möglich Ihren Browser und Ihr Hilfsmittel.',
      ],
      emailLabel: 'E-Mail:',
      postalLabel: 'Post:',
      postal: POSTAL,
    },
    recourse: {
      title: 'Rechtsweg',
      paragraphs: ['Wenn Sie uns einen Mangel gemeldet und keine zufriedenstellende Antwort erhalten haben:'],
      items: [
        'in der Schweiz können Sie sich an die kantonale Ombudsstelle (Verwaltungsmediation) wenden oder Ihre Rechte nach dem Behindertengleichstellungsgesetz (BehiG) geltend machen;',
        'in Frankreich können Sie den Défenseur des droits anrufen: über das Online-Formular von defenseurdesdroits.fr, bei einer seiner Delegierten oder kostenlos per Post an Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07.',
      ],
    },
    dated: {
      title: 'Datum der Erklärung',
      before: 'Diese Erklärung wurde am ',
      date: '28. November 2026',
      after: ' erstellt. Sie wird nach der Prüfung und bei jeder wichtigen Änderung der Website überarbeitet.',
    },
  },
  it: {
    intro:
      'Il Cantone di Valmont si impegna a rendere il proprio sito accessibile a tutte e a tutti, indipendentemente dalla disabilità e dagli strumenti utilizzati. La presente dichiarazione si applica a tutte le pagine del sito, nelle sue quattro lingue.',
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
    limits: {
      title: 'Limiti noti',
      paragraphs: ['I seguenti elementi non sono, o non sono del tutto, accessibili:'],
      items: [
        'i contenuti redatti dall’istituzione (notizie, eventi, schede dell’elenco, categorie) sono pubblicati solo in francese; nelle versioni tedesca, italiana e inglese restano in francese e la loro lingua è indicata alle tecnologie assistive (attributo lang), tranne quando sono citati nel titolo della finestra o nel nome di un pulsante, come quello che rimuove un filtro delle notizie, dove una lingua non può essere indicata (WCAG 3.1.2);',
        'il negozio e il carrello non funzionano senza JavaScript: il carrello è conservato nel browser (memoria locale), che solo uno script può leggere; le loro pagine lo dicono a chi non ha JavaScript;',
        'un’immagine di una notizia ha un testo alternativo solo se la redazione lo fornisce; senza di esso è trattata come decorativa, poiché il suo titolo le sta accanto;',
        'la struttura dei testi redatti (titoli, elenchi delle descrizioni e degli articoli) dipende dalla redazione e non è verificata;',
        'i file di calendario (.ics) e di contatto (.vcf) da scaricare sono letti da altre applicazioni, la cui accessibilità non è stata valutata;',
        'i test girano solo in Chromium: Firefox, Safari e i browser dei telefoni non sono stati verificati;',
        'non esiste una versione in lingua facile né in lingua dei segni.',
      ],
    },
    contact: {
      title: 'Segnalare un problema',
      paragraphs: [
        'Se non riuscite ad accedere a un contenuto o a un servizio, scriveteci: vi risponderemo e vi proporremo un altro modo per ottenere l’informazione. Indicate l’indirizzo della pagina, che cosa cercavate di fare e, se possibile, il vostro browser e la vostra tecnologia assistiva.',
      ],
      emailLabel: 'E-mail:',
      postalLabel: 'Posta:',
      postal: POSTAL,
    },
    recourse: {
      title: 'Vie di ricorso',
      paragraphs: ['Se ci avete segnalato un difetto e non avete ottenuto una risposta soddisfacente:'],
      items: [
        'in Svizzera potete rivolgervi all’organo cantonale di mediazione amministrativa, o far valere i vostri diritti secondo la legge sui disabili (LDis);',
        'in Francia potete adire il Défenseur des droits: con il modulo online di defenseurdesdroits.fr, presso uno dei suoi delegati, o per posta gratuita a Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07.',
      ],
    },
    dated: {
      title: 'Data della dichiarazione',
      before: 'La presente dichiarazione è stata redatta il ',
      date: '28 novembre 2026',
      after: '. Sarà rivista dopo la verifica completa e a ogni cambiamento importante del sito.',
    },
  },
  en: {
    intro:
      'The Canton of Valmont is committed to making its site accessible to everyone, whatever their disability and the tools they use. This statement applies to every page of the site, in its four languages.',
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
    limits: {
      title: 'Known limitations',
      paragraphs: ['The following are not, or not fully, accessible:'],
      items: [
        'content written by the institution (news, events, directory entries, categories) is published in French only; in the German, Italian and English versions it stays in French and its language is given to assistive technologies (the lang attribute), except where it is quoted in the window’s title or in a button’s name, such as the one that removes a news filter, where no language can be given (WCAG 3.1.2);',
        'the shop and the cart do not work without JavaScript: the cart is kept in the browser (local storage), which only a script can read; their pages say so to a visitor without JavaScript;',
        'a news image has a text alternative only when the editors provide one; without it, it is treated as decorative, its title being next to it;',
        'the structure of edited texts (headings, lists in descriptions and articles) depends on the editors and is not checked;',
        'the calendar (.ics) and contact (.vcf) files to download are read by other applications, whose accessibility has not been assessed;',
        'the tests run in Chromium only: Firefox, Safari and mobile browsers have not been checked;',
        'there is no easy-to-read version and no sign-language version.',
      ],
    },
    contact: {
      title: 'Report a problem',
      paragraphs: [
        'If you cannot access some content or a service, write to us: we will answer and offer you another way to get the information. Give the address of the page, what you were trying to do and, if you can, your browser and assistive technology.',
      ],
      emailLabel: 'Email:',
      postalLabel: 'Post:',
      postal: POSTAL,
    },
    recourse: {
      title: 'Remedies',
      paragraphs: ['If you reported a defect to us and did not get a satisfactory answer:'],
      items: [
        'in Switzerland, you can turn to the canton’s administrative mediation office (ombudsman), or assert your rights under the Disability Discrimination Act (DDA);',
        'in France, you can refer the matter to the Défenseur des droits: through the online form of defenseurdesdroits.fr, to one of its delegates, or by free post to Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07.',
      ],
    },
    dated: {
      title: 'Date of this statement',
      before: 'This statement was written on ',
      date: '28 November 2026',
      after: '. It will be reviewed after the audit and at every major change of the site.',
    },
  },
};

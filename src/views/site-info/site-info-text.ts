import type { Language } from '../../i18n/language';
import { DATA_PROTECTION_EMAIL } from './institution';

/**
 * The legal notice's and the privacy statement's texts, in every language of the site. Like the
 * accessibility statement's, they live here rather than in the message catalogues, which travel
 * with every page's script: only these pages need them. Say only what is true of the site: what
 * it keeps in the browser, that it sets no cookie and loads nothing from another site.
 */

/** A titled part of a page: paragraphs, then a list when it has one. */
export interface InfoSection {
  readonly title: string;
  readonly paragraphs: readonly string[];
  readonly items?: readonly string[];
}

/** A page's text: its introduction and its parts. */
export interface InfoText {
  readonly intro: string;
  readonly sections: readonly InfoSection[];
}

/** The day the two texts were written, for `<time datetime>`, and how each language writes it. */
export const INFO_DATE = { iso: '2026-11-27', shown: { fr: '27 novembre 2026', de: '27. November 2026', it: '27 novembre 2026', en: '27 November 2026' } } as const;

/** The legal notice (mentions légales) in each language: publisher, nature of the site, host, rights, liability. */
export const LEGAL_NOTICES: Readonly<Record<Language, InfoText>> = {
  fr: {
    intro: 'Ce site est publié par le Canton de Valmont. Le canton et les contenus du site sont fictifs : il sert de démonstration.',
    sections: [
      {
        title: 'Éditeur',
        paragraphs: [
          'Canton de Valmont, Chancellerie d’État, Place du Château 1, 1990 Valmont. Les coordonnées complètes figurent en bas de chaque page.',
          'Responsable de la publication : la chancelière d’État.',
        ],
      },
      {
        title: 'Hébergement',
        paragraphs: ['Le site est hébergé par le Centre informatique du Canton de Valmont, Rue des Remparts 8, 1990 Valmont, sur des serveurs situés en Suisse.'],
      },
      {
        title: 'Droits d’auteur et réutilisation',
        paragraphs: [
          'Les textes publiés sur ce site peuvent être reproduits, pour autant que la source soit mentionnée (« Canton de Valmont ») et que le texte ne soit pas déformé.',
          'Les armoiries du canton, les photographies et les illustrations ne peuvent être reproduites qu’avec l’autorisation de la Chancellerie d’État.',
        ],
      },
      {
        title: 'Responsabilité',
        paragraphs: [
          'Le canton veille à l’exactitude des informations publiées, mais ne peut garantir qu’elles soient complètes ou à jour. Seules les publications officielles font foi.',
          'Les liens vers d’autres sites sont fournis à titre d’information : le canton n’est pas responsable de leur contenu.',
        ],
      },
      {
        title: 'Droit applicable',
        paragraphs: ['Le droit suisse s’applique. Le for est à Valmont.'],
      },
    ],
  },
  de: {
    intro: 'Diese Website wird vom Kanton Valmont herausgegeben. Der Kanton und die Inhalte der Website sind erfunden: Sie dient als Demonstration.',
    sections: [
      {
        title: 'Herausgeber',
        paragraphs: [
          'Kanton Valmont, Staatskanzlei, Place du Château 1, 1990 Valmont. Die vollständigen Kontaktangaben stehen am Ende jeder Seite.',
          'Verantwortlich für die Veröffentlichung: die Staatskanzlerin.',
        ],
      },
      {
        title: 'Hosting',
        paragraphs: ['Die Website wird vom Informatikzentrum des Kantons Valmont, Rue des Remparts 8, 1990 Valmont, auf Servern in der Schweiz betrieben.'],
      },
      {
        title: 'Urheberrecht und Weiterverwendung',
        paragraphs: [
          'Die Texte dieser Website dürfen wiedergegeben werden, sofern die Quelle («Kanton Valmont») genannt und der Text nicht entstellt wird.',
          'Das Wappen des Kantons, Fotografien und Illustrationen dürfen nur mit Bewilligung der Staatskanzlei wiedergegeben werden.',
        ],
      },
      {
        title: 'Haftung',
        paragraphs: [
          'Der Kanton achtet auf die Richtigkeit der veröffentlichten Informationen, kann aber nicht garantieren, dass sie vollständig oder aktuell sind. Massgebend sind allein die amtlichen Publikationen.',
          'Links zu anderen Websites dienen der Information: Für deren Inhalt ist der Kanton nicht verantwortlich.',
        ],
      },
      {
        title: 'Anwendbares Recht',
        paragraphs: ['Es gilt schweizerisches Recht. Gerichtsstand ist Valmont.'],
      },
    ],
  },
  it: {
    intro: 'Questo sito è pubblicato dal Cantone di Valmont. Il cantone e i contenuti del sito sono fittizi: serve da dimostrazione.',
    sections: [
      {
        title: 'Editore',
        paragraphs: [
          'Cantone di Valmont, Cancelleria dello Stato, Place du Château 1, 1990 Valmont. I recapiti completi figurano in fondo a ogni pagina.',
          'Responsabile della pubblicazione: la cancelliera dello Stato.',
        ],
      },
      {
        title: 'Hosting',
        paragraphs: ['Il sito è ospitato dal Centro informatico del Cantone di Valmont, Rue des Remparts 8, 1990 Valmont, su server situati in Svizzera.'],
      },
      {
        title: 'Diritti d’autore e riutilizzo',
        paragraphs: [
          'I testi pubblicati su questo sito possono essere riprodotti, purché sia citata la fonte («Cantone di Valmont») e il testo non sia alterato.',
          'Lo stemma del cantone, le fotografie e le illustrazioni possono essere riprodotti solo con l’autorizzazione della Cancelleria dello Stato.',
        ],
      },
      {
        title: 'Responsabilità',
        paragraphs: [
          'Il cantone cura l’esattezza delle informazioni pubblicate, ma non può garantire che siano complete o aggiornate. Fanno fede solo le pubblicazioni ufficiali.',
          'I link verso altri siti sono forniti a titolo informativo: il cantone non è responsabile del loro contenuto.',
        ],
      },
      {
        title: 'Diritto applicabile',
        paragraphs: ['Si applica il diritto svizzero. Il foro è Valmont.'],
      },
    ],
  },
  en: {
    intro: 'This site is published by the Canton of Valmont. The canton and the site’s content are fictional: it is a demonstration.',
    sections: [
      {
        title: 'Publisher',
        paragraphs: [
          'Canton of Valmont, State Chancellery, Place du Château 1, 1990 Valmont. The full contact details are at the bottom of every page.',
          'Responsible for publication: the State Chancellor.',
        ],
      },
      {
        title: 'Hosting',
        paragraphs: ['The site is hosted by the Canton of Valmont’s computing centre, Rue des Remparts 8, 1990 Valmont, on servers located in Switzerland.'],
      },
      {
        title: 'Copyright and reuse',
        paragraphs: [
          'The texts published on this site may be reproduced, provided the source (“Canton of Valmont”) is named and the text is not distorted.',
          'The canton’s coat of arms, photographs and illustrations may be reproduced only with the State Chancellery’s permission.',
        ],
      },
      {
        title: 'Liability',
        paragraphs: [
          'The canton takes care that the information published is accurate, but cannot guarantee that it is complete or up to date. Only the official publications are authoritative.',
          'Links to other sites are given for information: the canton is not responsible for their content.',
        ],
      },
      {
        title: 'Applicable law',
        paragraphs: ['Swiss law applies. The place of jurisdiction is Valmont.'],
      },
    ],
  },
};

/** The privacy statement in each language: what the site keeps, where, for how long, and the visitor's rights. */
export const PRIVACY_STATEMENTS: Readonly<Record<Language, InfoText>> = {
  fr: {
    intro: 'Ce site ne vous demande aucune donnée personnelle pour être consulté. Voici ce qu’il conserve, où et combien de temps.',
    sections: [
      {
        title: 'Dans votre navigateur : le panier',
        paragraphs: [
          'Les publications que vous mettez dans le panier (article, quantité, prix affiché) et le mode d’envoi choisi sont enregistrés dans le stockage local de votre navigateur (localStorage, clés « cartItems » et « shippingMethod »), pour que le panier vous attende d’une page et d’une visite à l’autre.',
          'Ces données restent sur votre appareil : le site ne les envoie pas à son serveur. Elles disparaissent quand vous videz le panier ou effacez les données du site dans votre navigateur.',
          '« Commander » ouvre votre propre messagerie avec un message adressé à l’office des publications (la liste du panier, le total et le mode d’envoi) : le site ne l’envoie pas. Si vous l’envoyez, l’office utilise votre adresse et votre message pour traiter la commande, puis les conserve le temps que la loi l’exige pour sa comptabilité.',
        ],
      },
      {
        title: 'Pas de cookies ni de mesure d’audience',
        paragraphs: ['Le site ne dépose aucun cookie et n’utilise aucun outil de mesure d’audience, de publicité ou de suivi.'],
        items: [
          'aucun script, police ni image n’est chargé depuis un autre site : votre navigateur ne s’adresse qu’au serveur du canton ;',
          'une recherche est envoyée au serveur dans l’adresse de la page (« ?q=… »), pour y répondre, et n’est inscrite dans aucun journal.',
        ],
      },
      {
        title: 'Sur le serveur : les journaux',
        paragraphs: [
          'Le serveur ne tient pas de journal de chaque visite. Il n’enregistre que les erreurs et les avertissements (date et heure, adresse de la page demandée, nature du problème), sans votre adresse IP. Ces journaux servent à corriger les défauts du site ; ils sont conservés 30 jours, puis effacés.',
          'Pour répartir la charge équitablement, le serveur compte pendant une minute, en mémoire vive seulement, les pages demandées depuis chaque adresse IP ; ce compte n’est pas enregistré.',
        ],
      },
      {
        title: 'Vos droits',
        paragraphs: [
          `Selon la loi fédérale sur la protection des données (LPD) et la loi cantonale, vous pouvez demander quelles données vous concernant sont traitées, et les faire rectifier ou effacer. Écrivez à la Chancellerie d’État : ${DATA_PROTECTION_EMAIL}.`,
        ],
      },
    ],
  },
  de: {
    intro: 'Diese Website verlangt für die Benutzung keine Personendaten. Hier steht, was sie speichert, wo und wie lange.',
    sections: [
      {
        title: 'In Ihrem Browser: der Warenkorb',
        paragraphs: [
          'Die Publikationen, die Sie in den Warenkorb legen (Artikel, Menge, angezeigter Preis), und die gewählte Versandart werden im lokalen Speicher Ihres Browsers gespeichert (localStorage, Schlüssel «cartItems» und «shippingMethod»), damit der Warenkorb von Seite zu Seite und bis zum nächsten Besuch erhalten bleibt.',
          'Diese Daten bleiben auf Ihrem Gerät: Die Website sendet sie nicht an ihren Server. Sie verschwinden, wenn Sie den Warenkorb leeren oder die Daten der Website in Ihrem Browser löschen.',
          '„Bestellen“ öffnet Ihr eigenes E-Mail-Programm mit einer Nachricht an die Publikationsstelle (die Liste des Warenkorbs, der Gesamtbetrag und die Versandart): Die Website sendet sie nicht. Wenn Sie sie senden, verwendet die Stelle Ihre Adresse und Ihre Nachricht, um die Bestellung zu bearbeiten, und bewahrt sie so lange auf, wie es das Gesetz für ihre Buchhaltung verlangt.',
        ],
      },
      {
        title: 'Keine Cookies und keine Reichweitenmessung',
        paragraphs: ['Die Website setzt keine Cookies und verwendet keine Werkzeuge zur Reichweitenmessung, für Werbung oder zur Verfolgung.'],
        items: [
          'kein Skript, keine Schrift und kein Bild wird von einer anderen Website geladen: Ihr Browser wendet sich nur an den Server des Kantons;',
          'eine Suche wird in der Adresse der Seite («?q=…») an den Server gesendet, um sie zu beantworten, und in keinem Protokoll festgehalten.',
        ],
      },
      {
        title: 'Auf dem Server: die Protokolle',
        paragraphs: [
          'Der Server protokolliert nicht jeden Besuch. Er zeichnet nur Fehler und Warnungen auf (Datum und Uhrzeit, Adresse der angeforderten Seite, Art des Problems), ohne Ihre IP-Adresse. Diese Protokolle dienen der Behebung von Fehlern; sie werden 30 Tage aufbewahrt und dann gelöscht.',
          'Um die Last gerecht zu verteilen, zählt der Server während einer Minute, nur im Arbeitsspeicher, die von jeder IP-Adresse angeforderten Seiten; diese Zählung wird nicht gespeichert.',
        ],
      },
      {
        title: 'Ihre Rechte',
        paragraphs: [
          `Nach dem Bundesgesetz über den Datenschutz (DSG) und dem kantonalen Recht können Sie Auskunft darüber verlangen, welche Daten über Sie bearbeitet werden, und sie berichtigen oder löschen lassen. Schreiben Sie der Staatskanzlei: ${DATA_PROTECTION_EMAIL}.`,
        ],
      },
    ],
  },
  it: {
    intro: 'Questo sito non vi chiede alcun dato personale per essere consultato. Ecco che cosa conserva, dove e per quanto tempo.',
    sections: [
      {
        title: 'Nel vostro browser: il carrello',
        paragraphs: [
          'Le pubblicazioni che mettete nel carrello (articolo, quantità, prezzo indicato) e il modo di spedizione scelto sono registrati nella memoria locale del vostro browser (localStorage, chiavi «cartItems» e «shippingMethod»), affinché il carrello vi aspetti da una pagina e da una visita all’altra.',
          'Questi dati restano sul vostro dispositivo: il sito non li invia al suo server. Scompaiono quando svuotate il carrello o cancellate i dati del sito nel vostro browser.',
          '«Ordina» apre il vostro programma di posta con un messaggio all’ufficio delle pubblicazioni (la lista del carrello, il totale e il modo di spedizione): il sito non lo invia. Se lo inviate, l’ufficio usa il vostro indirizzo e il vostro messaggio per evadere l’ordine e li conserva per il tempo che la legge richiede per la sua contabilità.',
        ],
      },
      {
        title: 'Niente cookie né misurazione del pubblico',
        paragraphs: ['Il sito non deposita alcun cookie e non usa alcuno strumento di misurazione del pubblico, di pubblicità o di tracciamento.'],
        items: [
          'nessuno script, carattere o immagine è caricato da un altro sito: il vostro browser si rivolge solo al server del cantone;',
          'una ricerca è inviata al server nell’indirizzo della pagina («?q=…»), per rispondervi, e non è iscritta in alcun registro.',
        ],
      },
      {
        title: 'Sul server: i registri',
        paragraphs: [
          'Il server non tiene un registro di ogni visita. Registra solo gli errori e gli avvertimenti (data e ora, indirizzo della pagina richiesta, natura del problema), senza il vostro indirizzo IP. Questi registri servono a correggere i difetti del sito; sono conservati 30 giorni, poi cancellati.',
          'Per ripartire equamente il carico, il server conta per un minuto, solo nella memoria di lavoro, le pagine richieste da ogni indirizzo IP; questo conteggio non è registrato.',
        ],
      },
      {
        title: 'I vostri diritti',
        paragraphs: [
          `Secondo la legge federale sulla protezione dei dati (LPD) e la legge cantonale, potete chiedere quali dati che vi riguardano sono trattati, e farli rettificare o cancellare. Scrivete alla Cancelleria dello Stato: ${DATA_PROTECTION_EMAIL}.`,
        ],
      },
    ],
  },
  en: {
    intro: 'This site asks you for no personal data to be read. Here is what it keeps, where and for how long.',
    sections: [
      {
        title: 'In your browser: the cart',
        paragraphs: [
          'The publications you put in the cart (item, quantity, price shown) and the delivery method chosen are saved in your browser’s local storage (localStorage, keys “cartItems” and “shippingMethod”), so that the cart waits for you from one page and one visit to the next.',
          'This data stays on your device: the site does not send it to its server. It goes when you empty the cart or clear the site’s data in your browser.',
          '“Order” opens your own e-mail program with a message to the publications office (the cart’s list, the total and the delivery method): the site does not send it. If you send it, the office uses your address and message to handle the order and keeps them as long as the law requires for its accounts.',
        ],
      },
      {
        title: 'No cookies, no audience measurement',
        paragraphs: ['The site sets no cookie and uses no audience measurement, advertising or tracking tool.'],
        items: [
          'no script, font or image is loaded from another site: your browser talks to the canton’s server only;',
          'a search is sent to the server in the page’s address (“?q=…”) to be answered, and is written to no log.',
        ],
      },
      {
        title: 'On the server: the logs',
        paragraphs: [
          'The server keeps no log of each visit. It records only errors and warnings (date and time, address of the page asked for, nature of the problem), without your IP address. These logs are used to fix the site’s defects; they are kept 30 days, then deleted.',
          'To share the load fairly, the server counts for one minute, in memory only, the pages asked for from each IP address; this count is not recorded.',
        ],
      },
      {
        title: 'Your rights',
        paragraphs: [
          `Under the Federal Act on Data Protection (FADP) and cantonal law, you may ask which data about you is processed, and have it corrected or deleted. Write to the State Chancellery: ${DATA_PROTECTION_EMAIL}.`,
        ],
      },
    ],
  },
};

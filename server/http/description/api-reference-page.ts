import type { JsonSchema } from '../../../src/domain/json-schema-of-codec';
import type { Language } from '../../../src/domain/language';
import { OPENAPI_PATH, type OpenApiDocument } from './openapi-document';

/**
 * The API's reference page: the OpenAPI document rendered as plain HTML on the server, with no
 * script of its own, so it reads in any browser, a screen reader or a text browser: each route with
 * its parameters, their limits, and its answers. The interface's words come in every language of the
 * site; the description itself is written in French, and is marked so on a page in another language.
 */

/** The interface's words of the reference page in one language. */
export interface ApiReferenceWords {
  readonly title: string;
  readonly description: string;
  readonly machineReadable: string;
  readonly routes: string;
  readonly schemas: string;
  readonly noParameters: string;
  readonly parametersOf: string;
  readonly answersOf: string;
  readonly fieldsOf: string;
  readonly columns: {
    readonly name: string;
    readonly where: string;
    readonly required: string;
    readonly type: string;
    readonly limits: string;
    readonly status: string;
    readonly meaning: string;
    readonly body: string;
    readonly headers: string;
    readonly field: string;
    readonly shape: string;
  };
  readonly yes: string;
  readonly no: string;
  readonly inPath: string;
  readonly inQuery: string;
  readonly inHeader: string;
  readonly types: Readonly<Record<'string' | 'integer' | 'number' | 'boolean' | 'null', string>>;
  readonly oneOf: string;
  readonly or: string;
  readonly and: string;
  readonly object: string;
  readonly listOf: string;
  readonly anyJson: string;
  readonly limitWords: {
    readonly minimum: string;
    readonly maximum: string;
    readonly minLength: string;
    readonly maxLength: string;
    readonly pattern: string;
    readonly maxItems: string;
    readonly eachValue: string;
  };
  readonly separator: string;
  readonly colon: string;
}

/** The reference page's words in each language of the site. */
export const API_REFERENCE_WORDS: Readonly<Record<Language, ApiReferenceWords>> = {
  fr: {
    title: 'Référence de l’API',
    description: 'Chaque route de l’API du site, ses paramètres, leurs limites et ses réponses ; les écritures demandent un jeton.',
    machineReadable: 'La même description, lisible par une machine :',
    routes: 'Routes',
    schemas: 'Schémas des réponses',
    noParameters: 'Aucun paramètre : tout paramètre de requête est refusé (400).',
    parametersOf: 'Paramètres de',
    answersOf: 'Réponses de',
    fieldsOf: 'Champs de',
    columns: {
      name: 'Nom',
      where: 'Où',
      required: 'Requis',
      type: 'Type',
      limits: 'Limites',
      status: 'Statut',
      meaning: 'Signification',
      body: 'Corps',
      headers: 'En-têtes',
      field: 'Champ',
      shape: 'Forme',
    },
    yes: 'oui',
    no: 'non',
    inPath: 'chemin',
    inQuery: 'requête',
    inHeader: 'en-tête',
    types: { string: 'texte', integer: 'entier', number: 'nombre', boolean: 'booléen', null: 'null' },
    oneOf: 'l’une des valeurs',
    or: 'ou',
    and: 'et',
    object: 'objet',
    listOf: 'liste de',
    anyJson: 'toute valeur JSON',
    limitWords: {
      minimum: 'au moins',
      maximum: 'au plus',
      minLength: 'au moins ce nombre de caractères :',
      maxLength: 'au plus ce nombre de caractères :',
      pattern: 'de la forme',
      maxItems: 'au plus ce nombre de valeurs :',
      eachValue: 'chaque valeur :',
    },
    separator: ' ; ',
    colon: ' :',
  },
  de: {
    title: 'API-Referenz',
    description: 'Jede Route der API der Website, ihre Parameter, deren Grenzen und ihre Antworten; Schreibzugriffe verlangen ein Token.',
    machineReadable: 'Dieselbe Beschreibung, maschinenlesbar:',
    routes: 'Routen',
    schemas: 'Schemas der Antworten',
    noParameters: 'Keine Parameter: Jeder Abfrageparameter wird abgelehnt (400).',
    parametersOf: 'Parameter von',
    answersOf: 'Antworten von',
    fieldsOf: 'Felder von',
    columns: {
      name: 'Name',
      where: 'Ort',
      required: 'Pflicht',
      type: 'Typ',
      limits: 'Grenzen',
      status: 'Status',
      meaning: 'Bedeutung',
      body: 'Inhalt',
      headers: 'Header',
      field: 'Feld',
      shape: 'Form',
    },
    yes: 'ja',
    no: 'nein',
    inPath: 'Pfad',
    inQuery: 'Abfrage',
    inHeader: 'Header',
    types: { string: 'Text', integer: 'Ganzzahl', number: 'Zahl', boolean: 'Wahrheitswert', null: 'null' },
    oneOf: 'einer der Werte',
    or: 'oder',
    and: 'und',
    object: 'Objekt',
    listOf: 'Liste von',
    anyJson: 'beliebiger JSON-Wert',
    limitWords: {
      minimum: 'mindestens',
      maximum: 'höchstens',
      minLength: 'mindestens so viele Zeichen:',
      maxLength: 'höchstens so viele Zeichen:',
      pattern: 'der Form',
      maxItems: 'höchstens so viele Werte:',
      eachValue: 'jeder Wert:',
    },
    separator: '; ',
    colon: ':',
  },
  it: {
    title: 'Riferimento dell’API',
    description: 'Ogni percorso dell’API del sito, i suoi parametri, i loro limiti e le sue risposte; le scritture richiedono un token.',
    machineReadable: 'La stessa descrizione, leggibile da una macchina:',
    routes: 'Percorsi',
    schemas: 'Schemi delle risposte',
    noParameters: 'Nessun parametro: ogni parametro di richiesta è rifiutato (400).',
    parametersOf: 'Parametri di',
    answersOf: 'Risposte di',
    fieldsOf: 'Campi di',
    columns: {
      name: 'Nome',
      where: 'Dove',
      required: 'Obbligatorio',
      type: 'Tipo',
      limits: 'Limiti',
      status: 'Stato',
      meaning: 'Significato',
      body: 'Corpo',
      headers: 'Intestazioni',
      field: 'Campo',
      shape: 'Forma',
    },
    yes: 'sì',
    no: 'no',
    inPath: 'percorso',
    inQuery: 'richiesta',
    inHeader: 'intestazione',
    types: { string: 'testo', integer: 'intero', number: 'numero', boolean: 'booleano', null: 'null' },
    oneOf: 'uno dei valori',
    or: 'o',
    and: 'e',
    object: 'oggetto',
    listOf: 'elenco di',
    anyJson: 'qualsiasi valore JSON',
    limitWords: {
      minimum: 'almeno',
      maximum: 'al massimo',
      minLength: 'almeno questo numero di caratteri:',
      maxLength: 'al massimo questo numero di caratteri:',
      pattern: 'della forma',
      maxItems: 'al massimo questo numero di valori:',
      eachValue: 'ogni valore:',
    },
    separator: '; ',
    colon: ':',
  },
  en: {
    title: 'API reference',
    description: 'Every route of the site’s API, its parameters, their limits and its answers; writes need a token.',
    machineReadable: 'The same description, machine-readable:',
    routes: 'Routes',
    schemas: 'Answer schemas',
    noParameters: 'No parameters: any query parameter is refused (400).',
    parametersOf: 'Parameters of',
    answersOf: 'Answers of',
    fieldsOf: 'Fields of',
    columns: {
      name: 'Name',
      where: 'Where',
      required: 'Required',
      type: 'Type',
      limits: 'Limits',
      status: 'Status',
      meaning: 'Meaning',
      body: 'Body',
      headers: 'Headers',
      field: 'Field',
      shape: 'Shape',
    },
    yes: 'yes',
    no: 'no',
    inPath: 'path',
    inQuery: 'query',
    inHeader: 'header',
    types: { string: 'text', integer: 'integer', number: 'number', boolean: 'boolean', null: 'null' },
    oneOf: 'one of the values',
    or: 'or',
    and: 'and',
    object: 'object',
    listOf: 'list of',
    anyJson: 'any JSON value',
    limitWords: {
      minimum: 'at least',
      maximum: 'at most',
      minLength: 'at least this many characters:',
      maxLength: 'at most this many characters:',
      pattern: 'of the form',
      maxItems: 'at most this many values:',
      eachValue: 'each value:',
    },
    separator: '; ',
    colon: ':',
  },
};

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

const schemaName = (ref: string): string => ref.slice(ref.lastIndexOf('/') + 1);

// The operations a path may have, in the order the page lists them.
const METHODS = ['get', 'put', 'patch', 'delete'] as const;

const anchorOf = (text: string): string => text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');

const listOf = (value: unknown): readonly JsonSchema[] => (Array.isArray(value) ? (value as JsonSchema[]) : []);

/** How a page in one language writes the description's French text: marked French when the page speaks another language. */
interface Writer {
  readonly words: ApiReferenceWords;
  /** The `lang` attribute (with its leading space) of an element holding the description's own text, or nothing. */
  readonly frenchLang: string;
}

const writerFor = (language: Language): Writer => ({ words: API_REFERENCE_WORDS[language], frenchLang: language === 'fr' ? '' : ' lang="fr"' });

/** The description's own (French) text, marked French on a page in another language. */
const french = (writer: Writer, text: string): string => (writer.frenchLang === '' ? escapeHtml(text) : `<span${writer.frenchLang}>${escapeHtml(text)}</span>`);

/** The type of a schema in words (HTML): a shared schema as a link to its table. */
const typeIn = (writer: Writer, schema: JsonSchema): string => {
  const { words } = writer;
  if (typeof schema['$ref'] === 'string') {
    const name = schemaName(schema['$ref']);
    return `<a href="#schema-${anchorOf(name)}">${escapeHtml(name)}</a>`;
  }
  if ('const' in schema) return `<code>${escapeHtml(JSON.stringify(schema['const']))}</code>`;
  if (Array.isArray(schema['enum']))
    return `${words.oneOf} ${(schema['enum'] as unknown[]).map((value) => `<code>${escapeHtml(JSON.stringify(value))}</code>`).join(', ')}`;
  if (Array.isArray(schema['anyOf']))
    return listOf(schema['anyOf'])
      .map((part) => typeIn(writer, part))
      .join(` ${words.or} `);
  if (Array.isArray(schema['allOf']))
    return `${words.object} (${listOf(schema['allOf'])
      .map((part) => typeIn(writer, part))
      .join(` ${words.and} `)})`;
  const type = schema['type'];
  if (type === 'array') return `${words.listOf} ${typeIn(writer, (schema['items'] ?? {}) as JsonSchema)}`;
  if (type === 'object') {
    const fields = Object.keys(schema['properties'] ?? {});
    return fields.length === 0 ? words.object : `${words.object} {${fields.map((field) => `<code>${escapeHtml(field)}</code>`).join(', ')}}`;
  }
  if (typeof type === 'string') return escapeHtml(type in words.types ? words.types[type as keyof ApiReferenceWords['types']] : type);
  return words.anyJson;
};

/** A schema's limits in words: bounds, lengths, pattern, number of items. */
const limitsIn = (writer: Writer, schema: JsonSchema): string => {
  const { words } = writer;
  const limits: string[] = [];
  const say = (keyword: Exclude<keyof ApiReferenceWords['limitWords'], 'eachValue'>) => {
    const value = schema[keyword];
    if (value !== undefined) limits.push(`${words.limitWords[keyword]} <code>${escapeHtml(typeof value === 'string' ? value : JSON.stringify(value))}</code>`);
  };
  say('minimum');
  say('maximum');
  say('minLength');
  say('maxLength');
  say('pattern');
  say('maxItems');
  const items = schema['items'] as JsonSchema | undefined;
  if (items !== undefined && schema['$ref'] === undefined) {
    const inner = limitsIn(writer, items);
    if (inner !== '') limits.push(`${words.limitWords.eachValue} ${inner}`);
  }
  if (typeof schema['description'] === 'string') limits.push(french(writer, schema['description']));
  return limits.join(words.separator);
};

interface Parameter {
  readonly name: string;
  readonly in: string;
  readonly required: boolean;
  readonly schema: JsonSchema;
}

interface Answer {
  readonly description: string;
  readonly headers?: Readonly<Record<string, unknown>>;
  readonly content?: Readonly<Record<string, { readonly schema: JsonSchema }>>;
}

interface Operation {
  readonly summary: string;
  readonly parameters?: readonly Parameter[];
  readonly responses: Readonly<Record<string, Answer>>;
}

const headRow = (...names: readonly string[]): string => `<thead><tr>${names.map((name) => `<th scope="col">${escapeHtml(name)}</th>`).join('')}</tr></thead>\n`;

const parametersTable = (writer: Writer, method: string, path: string, parameters: readonly Parameter[]): string => {
  const { words } = writer;
  if (parameters.length === 0) return `<p>${escapeHtml(words.noParameters)}</p>`;
  const rows = parameters
    .map(
      (parameter) =>
        `<tr><th scope="row"><code>${escapeHtml(parameter.name)}</code></th><td>${parameter.in === 'path' ? words.inPath : parameter.in === 'header' ? words.inHeader : words.inQuery}</td>` +
        `<td>${parameter.required ? words.yes : words.no}</td><td>${typeIn(writer, parameter.schema)}</td><td>${limitsIn(writer, parameter.schema)}</td></tr>`,
    )
    .join('\n');
  return (
    `<table><caption>${escapeHtml(words.parametersOf)} ${method} ${escapeHtml(path)}</caption>\n` +
    headRow(words.columns.name, words.columns.where, words.columns.required, words.columns.type, words.columns.limits) +
    `<tbody>\n${rows}\n</tbody></table>`
  );
};

const answersTable = (writer: Writer, method: string, path: string, responses: Readonly<Record<string, Answer>>): string => {
  const { words } = writer;
  const rows = Object.entries(responses)
    .map(([status, answer]) => {
      const bodies = Object.entries(answer.content ?? {})
        .map(([type, { schema }]) => `<code>${escapeHtml(type)}</code>${words.colon} ${typeIn(writer, schema)}`)
        .join('<br>');
      const headers = Object.keys(answer.headers ?? {})
        .map((name) => `<code>${escapeHtml(name)}</code>`)
        .join(', ');
      return `<tr><th scope="row">${escapeHtml(status)}</th><td${writer.frenchLang}>${escapeHtml(answer.description)}</td><td>${bodies || '—'}</td><td>${headers || '—'}</td></tr>`;
    })
    .join('\n');
  return (
    `<table><caption>${escapeHtml(words.answersOf)} ${method} ${escapeHtml(path)}</caption>\n` +
    headRow(words.columns.status, words.columns.meaning, words.columns.body, words.columns.headers) +
    `<tbody>\n${rows}\n</tbody></table>`
  );
};

// The fields of a shared schema: its own properties and those of the parts it is made of.
const fieldsOf = (schema: JsonSchema): { name: string; schema: JsonSchema; required: boolean }[] => {
  const own = Object.entries((schema['properties'] ?? {}) as Record<string, JsonSchema>).map(([name, field]) => ({
    name,
    schema: field,
    required: ((schema['required'] ?? []) as string[]).includes(name),
  }));
  return [...own, ...listOf(schema['allOf']).flatMap(fieldsOf)];
};

const schemaSection = (writer: Writer, name: string, schema: JsonSchema): string => {
  const { words } = writer;
  const fields = fieldsOf(schema);
  const body =
    fields.length === 0
      ? `<p>${typeIn(writer, schema)}</p>`
      : `<table><caption>${escapeHtml(words.fieldsOf)} ${escapeHtml(name)}</caption>\n` +
        headRow(words.columns.field, words.columns.required, words.columns.type, words.columns.shape) +
        '<tbody>\n' +
        fields
          .map(
            (field) =>
              `<tr><th scope="row"><code>${escapeHtml(field.name)}</code></th><td>${field.required ? words.yes : words.no}</td>` +
              `<td>${typeIn(writer, field.schema)}</td><td>${limitsIn(writer, field.schema)}</td></tr>`,
          )
          .join('\n') +
        '\n</tbody></table>';
  return `<section aria-labelledby="schema-${anchorOf(name)}"><h3 id="schema-${anchorOf(name)}">${escapeHtml(name)}</h3>\n${body}</section>`;
};

/**
 * The reference's content under the page's heading, in `language` (HTML): the description, the
 * link to the machine-readable document, the routes' list, each route, and the shared schemas.
 * Its links are the site's lists' links (`info__pages`): targets at least 24 pixels high (WCAG 2.5.8).
 */
export const apiReferenceContent = (document: OpenApiDocument, language: Language): string => {
  const writer = writerFor(language);
  const { words } = writer;
  // Every operation of every path, reads first as the document lists them; a GET keeps the path's own anchor.
  const operations = Object.entries(document.paths as Readonly<Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>>).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const operation = item[method];
      if (operation === undefined) return [];
      const verb = method.toUpperCase();
      return [{ path, verb, operation, anchor: anchorOf(method === 'get' ? path : `${verb} ${path}`) }];
    }),
  );
  const toc = operations.map(({ path, verb, anchor }) => `<li><a href="#${anchor}">${verb} ${escapeHtml(path)}</a></li>`).join('\n');
  const routes = operations
    .map(
      ({ path, verb, operation, anchor }) =>
        `<section aria-labelledby="${anchor}"><h2 id="${anchor}">${verb} <code>${escapeHtml(path)}</code></h2>\n` +
        `<p class="api-reference__summary"${writer.frenchLang}>${escapeHtml(operation.summary)}</p>\n${parametersTable(writer, verb, path, operation.parameters ?? [])}\n${answersTable(writer, verb, path, operation.responses)}</section>`,
    )
    .join('\n');
  const schemas = Object.entries(document.components.schemas)
    .map(([name, schema]) => schemaSection(writer, name, schema))
    .join('\n');
  return `<div class="info api-reference">
<p class="info__intro"${writer.frenchLang}>${escapeHtml(document.info.description)}</p>
<p>${escapeHtml(words.machineReadable)} <a href="${OPENAPI_PATH}" type="application/json">${OPENAPI_PATH}</a> (OpenAPI ${escapeHtml(document.openapi)}).</p>
<nav aria-labelledby="routes-title"><h2 id="routes-title">${escapeHtml(words.routes)}</h2>
<ul class="info__pages">
${toc}
<li><a href="#schemas-title">${escapeHtml(words.schemas)}</a></li>
</ul></nav>
${routes}
<section aria-labelledby="schemas-title"><h2 id="schemas-title">${escapeHtml(words.schemas)}</h2>
${schemas}
</section>
</div>`;
};

/**
 * The reference page of `document` as a whole HTML document in French, with no script and no style:
 * what a server that renders no pages (no built site) answers at `/api/`.
 */
export const apiReferencePage = (document: OpenApiDocument): string => `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(API_REFERENCE_WORDS.fr.title)} – ${escapeHtml(document.info.title)}</title>
<link rel="alternate" type="application/json" href="${OPENAPI_PATH}" title="Description OpenAPI 3.1">
</head>
<body>
<header><p><a href="/">Retour au site</a></p></header>
<main>
<h1>${escapeHtml(API_REFERENCE_WORDS.fr.title)}</h1>
${apiReferenceContent(document, 'fr')}
</main>
</body>
</html>
`;

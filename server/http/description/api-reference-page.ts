import type { JsonSchema } from '../../../src/domain/json-schema-of-codec';
import { OPENAPI_PATH, type OpenApiDocument } from './openapi-document';

/**
 * The API's reference page: the OpenAPI document rendered as plain HTML on the server, with no
 * script and no style of its own (nothing for the CSP to allow), so it reads in any browser,
 * a screen reader or a text browser: each route with its parameters, their limits, and its answers.
 */

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[character]!);

const schemaName = (ref: string): string => ref.slice(ref.lastIndexOf('/') + 1);

const anchorOf = (text: string): string => text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');

const listOf = (value: unknown): readonly JsonSchema[] => (Array.isArray(value) ? (value as JsonSchema[]) : []);

/** The type of a schema in words (HTML): a shared schema as a link to its table. */
export const typeHtml = (schema: JsonSchema): string => {
  if (typeof schema['$ref'] === 'string') {
    const name = schemaName(schema['$ref']);
    return `<a href="#schema-${anchorOf(name)}">${escapeHtml(name)}</a>`;
  }
  if ('const' in schema) return `<code>${escapeHtml(JSON.stringify(schema['const']))}</code>`;
  if (Array.isArray(schema['enum']))
    return `l’une des valeurs ${(schema['enum'] as unknown[]).map((value) => `<code>${escapeHtml(JSON.stringify(value))}</code>`).join(', ')}`;
  if (Array.isArray(schema['anyOf'])) return listOf(schema['anyOf']).map(typeHtml).join(' ou ');
  if (Array.isArray(schema['allOf'])) return `objet (${listOf(schema['allOf']).map(typeHtml).join(' et ')})`;
  const type = schema['type'];
  if (type === 'array') return `liste de ${typeHtml((schema['items'] ?? {}) as JsonSchema)}`;
  if (type === 'object') {
    const fields = Object.keys(schema['properties'] ?? {});
    return fields.length === 0 ? 'objet' : `objet {${fields.map((field) => `<code>${escapeHtml(field)}</code>`).join(', ')}}`;
  }
  if (typeof type === 'string') return escapeHtml({ string: 'texte', integer: 'entier', number: 'nombre', boolean: 'booléen', null: 'null' }[type] ?? type);
  return 'toute valeur JSON';
};

/** A schema's limits in words: bounds, lengths, pattern, number of items. */
export const limitsHtml = (schema: JsonSchema): string => {
  const limits: string[] = [];
  const say = (keyword: string, words: string) => {
    const value = schema[keyword];
    if (value !== undefined) limits.push(`${words} <code>${escapeHtml(typeof value === 'string' ? value : JSON.stringify(value))}</code>`);
  };
  say('minimum', 'au moins');
  say('maximum', 'au plus');
  say('minLength', 'au moins ce nombre de caractères :');
  say('maxLength', 'au plus ce nombre de caractères :');
  say('pattern', 'de la forme');
  say('maxItems', 'au plus ce nombre de valeurs :');
  const items = schema['items'] as JsonSchema | undefined;
  if (items !== undefined && schema['$ref'] === undefined) {
    const inner = limitsHtml(items);
    if (inner !== '') limits.push(`chaque valeur : ${inner}`);
  }
  if (typeof schema['description'] === 'string') limits.push(escapeHtml(schema['description']));
  return limits.join(' ; ');
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

const parametersTable = (path: string, parameters: readonly Parameter[]): string => {
  if (parameters.length === 0) return '<p>Aucun paramètre : tout paramètre de requête est refusé (400).</p>';
  const rows = parameters
    .map(
      (parameter) =>
        `<tr><th scope="row"><code>${escapeHtml(parameter.name)}</code></th><td>${parameter.in === 'path' ? 'chemin' : 'requête'}</td>` +
        `<td>${parameter.required ? 'oui' : 'non'}</td><td>${typeHtml(parameter.schema)}</td><td>${limitsHtml(parameter.schema)}</td></tr>`,
    )
    .join('\n');
  return (
    `<table><caption>Paramètres de GET ${escapeHtml(path)}</caption>\n` +
    '<thead><tr><th scope="col">Nom</th><th scope="col">Où</th><th scope="col">Requis</th><th scope="col">Type</th><th scope="col">Limites</th></tr></thead>\n' +
    `<tbody>\n${rows}\n</tbody></table>`
  );
};

const answersTable = (path: string, responses: Readonly<Record<string, Answer>>): string => {
  const rows = Object.entries(responses)
    .map(([status, answer]) => {
      const bodies = Object.entries(answer.content ?? {})
        .map(([type, { schema }]) => `<code>${escapeHtml(type)}</code> : ${typeHtml(schema)}`)
        .join('<br>');
      const headers = Object.keys(answer.headers ?? {})
        .map((name) => `<code>${escapeHtml(name)}</code>`)
        .join(', ');
      return `<tr><th scope="row">${escapeHtml(status)}</th><td>${escapeHtml(answer.description)}</td><td>${bodies || '—'}</td><td>${headers || '—'}</td></tr>`;
    })
    .join('\n');
  return (
    `<table><caption>Réponses de GET ${escapeHtml(path)}</caption>\n` +
    '<thead><tr><th scope="col">Statut</th><th scope="col">Signification</th><th scope="col">Corps</th><th scope="col">En-têtes</th></tr></thead>\n' +
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

const schemaSection = (name: string, schema: JsonSchema): string => {
  const fields = fieldsOf(schema);
  const body =
    fields.length === 0
      ? `<p>${typeHtml(schema)}</p>`
      : `<table><caption>Champs de ${escapeHtml(name)}</caption>\n` +
        '<thead><tr><th scope="col">Champ</th><th scope="col">Requis</th><th scope="col">Type</th><th scope="col">Forme</th></tr></thead>\n<tbody>\n' +
        fields
          .map(
            (field) =>
              `<tr><th scope="row"><code>${escapeHtml(field.name)}</code></th><td>${field.required ? 'oui' : 'non'}</td>` +
              `<td>${typeHtml(field.schema)}</td><td>${limitsHtml(field.schema)}</td></tr>`,
          )
          .join('\n') +
        '\n</tbody></table>';
  return `<section aria-labelledby="schema-${anchorOf(name)}"><h3 id="schema-${anchorOf(name)}">${escapeHtml(name)}</h3>\n${body}</section>`;
};

/** The reference page of `document`, a whole HTML document in French. */
export const apiReferencePage = (document: OpenApiDocument): string => {
  const paths = Object.entries(document.paths as Readonly<Record<string, { readonly get: Operation }>>);
  const toc = paths.map(([path]) => `<li><a href="#${anchorOf(path)}">GET ${escapeHtml(path)}</a></li>`).join('\n');
  const routes = paths
    .map(
      ([path, { get }]) =>
        `<section aria-labelledby="${anchorOf(path)}"><h2 id="${anchorOf(path)}">GET <code>${escapeHtml(path)}</code></h2>\n` +
        `<p>${escapeHtml(get.summary)}</p>\n${parametersTable(path, get.parameters ?? [])}\n${answersTable(path, get.responses)}</section>`,
    )
    .join('\n');
  const schemas = Object.entries(document.components.schemas)
    .map(([name, schema]) => schemaSection(name, schema))
    .join('\n');
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Référence de l’API – ${escapeHtml(document.info.title)}</title>
<link rel="alternate" type="application/json" href="${OPENAPI_PATH}" title="Description OpenAPI 3.1">
</head>
<body>
<header><p><a href="/">Retour au site</a></p></header>
<main>
<h1>Référence de l’API</h1>
<p>${escapeHtml(document.info.description)}</p>
<p>La même description, lisible par une machine : <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a> (OpenAPI ${escapeHtml(document.openapi)}).</p>
<nav aria-labelledby="routes-title"><h2 id="routes-title">Routes</h2>
<ul>
${toc}
<li><a href="#schemas-title">Schémas des réponses</a></li>
</ul></nav>
${routes}
<section aria-labelledby="schemas-title"><h2 id="schemas-title">Schémas des réponses</h2>
${schemas}
</section>
</main>
</body>
</html>
`;
};

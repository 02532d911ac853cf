import type { FastifyInstance } from 'fastify';
import {
  ANSWER_BROTLI_QUALITY,
  ANSWER_CACHE_CONTROL,
  ANSWER_COMPRESS_THRESHOLD,
  representation,
  sendRepresentation,
  type SendPolicy,
} from '../../cache/answer-cache';
import { SITE_PROFILE_SCHEMA_PATH, siteProfileSchema } from '../../../src/domain/site-profile-schema';
import type { SiteProfile } from '../../../src/domain/site-profile';
import { apiReferencePage } from './api-reference-page';
import { API_REFERENCE_PATH, OPENAPI_PATH, openApiDocument } from './openapi-document';

/**
 * `GET /api/openapi.json`, the JSON Schema of a site profile's `site.json` (`GET /api/site-profile.schema.json`,
 * generated from the codec the start decodes it with) and, on a server that renders no pages, the bare reference page `GET /api/`
 * (`/api` too: the router ignores the trailing slash); a server that renders the site's pages serves
 * the reference as one of them, in the site's header and footer and in every language
 * (server/render/page-routes.ts). The document's `info` names the profile's institution. Both are made once, at start: they change only with the server's
 * code. Each is sent as every API answer is (strong ETag, 304 on `If-None-Match`, brotli or gzip kept once made).
 */
export const registerApiDescription = (
  app: FastifyInstance,
  cacheControl: string = ANSWER_CACHE_CONTROL,
  { barePage = true, profile }: { barePage?: boolean; profile: Pick<SiteProfile, 'settings'> },
): void => {
  const document = openApiDocument(profile);
  const json = representation(200, 'application/json; charset=utf-8', JSON.stringify(document));
  const policy: SendPolicy = { cacheControl, brotliQuality: ANSWER_BROTLI_QUALITY, threshold: ANSWER_COMPRESS_THRESHOLD };
  app.get(OPENAPI_PATH, (request, reply) => sendRepresentation(request, reply, json, policy));
  const profileSchema = representation(200, 'application/schema+json; charset=utf-8', JSON.stringify(siteProfileSchema()));
  app.get(SITE_PROFILE_SCHEMA_PATH, (request, reply) => sendRepresentation(request, reply, profileSchema, policy));
  if (!barePage) return;
  const page = representation(200, 'text/html; charset=utf-8', apiReferencePage(document));
  app.get(API_REFERENCE_PATH, (request, reply) => sendRepresentation(request, reply, page, policy));
};

import { CREDIT_PACKAGES, TIER_OPTIONS } from '@app/domain';
import type { FastifyInstance } from 'fastify';

// Serialized once: these files are configuration and never change while the process runs.
const SUBSCRIPTION_DETAILS = Buffer.from(JSON.stringify(TIER_OPTIONS));
const CREDIT_PACKAGES_JSON = Buffer.from(JSON.stringify(CREDIT_PACKAGES));
const HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'public, max-age=300',
  'x-content-type-options': 'nosniff',
};

/** The plan and credit package lists, served verbatim from the catalog in the domain package. */
export async function catalogRoutes(app: FastifyInstance) {
  app.get(
    '/subscription_details.json',
    { schema: { hide: true }, config: { access: 'public' } },
    (_request, reply) => {
      reply.headers(HEADERS).send(SUBSCRIPTION_DETAILS);
    },
  );
  app.get(
    '/credit_packages.json',
    { schema: { hide: true }, config: { access: 'public' } },
    (_request, reply) => {
      reply.headers(HEADERS).send(CREDIT_PACKAGES_JSON);
    },
  );
}

import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

const byKey = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

export default fp(async function swaggerPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'FantaRift API',
        description: 'API del fantasy game FantaRift. Autenticazione tramite cookie di sessione httpOnly.',
        version: '0.1.0',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'fr_session' } },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: (input) => {
      const document = jsonSchemaTransformObject(input) as {
        components?: { schemas?: Record<string, unknown> };
      };
      // the named schemas by name: the document (and the web's generated types) does not move when the
      // modules that declare them are imported in another order
      const schemas = document.components?.schemas;
      if (schemas) document.components!.schemas = Object.fromEntries(Object.entries(schemas).sort(byKey));
      return document as ReturnType<typeof jsonSchemaTransformObject>;
    },
  });
  // in production the API's map is published only when asked for (API_DOCS=true)
  if (!app.config.apiDocs) return;
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list' },
    // the reference page gets its own policy: it needs inline styles and its bundled scripts only
    staticCSP: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
    },
  });
});

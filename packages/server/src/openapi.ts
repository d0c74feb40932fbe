import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { App } from './create-server.ts';

/**
 * An OpenAPI 3.1 document generated from the routes' zod schemas (the same ones that validate
 * requests), as JSON at `<prefix>/docs.json` and browsable at `<prefix>/docs`.
 */
export async function registerOpenApi(
  app: App,
  options: { prefix: string; title: string; description: string; serverUrl: string },
): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: options.title, description: options.description, version: '1.0.0' },
      servers: [{ url: options.serverUrl }],
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'bs_session' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: `${options.prefix}/docs`,
    uiConfig: { deepLinking: false },
  });
  app.get(`${options.prefix}/docs.json`, { schema: { hide: true } }, async () => app.swagger());
}

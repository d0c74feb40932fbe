import { collectionSchema } from '@benchside/contracts/common';
import {
  customerBodySchema,
  customerBulkDeleteBodySchema,
  customerBulkResultSchema,
  customerBulkStatusBodySchema,
  customerIdParamsSchema,
  customerSchema,
  customersQuerySchema,
} from '@benchside/contracts/customers';
import type { Database } from '@benchside/db/database';
import { sharedReads } from '@benchside/server/batched-lookup';
import type { App } from '@benchside/server/create-server';
import type { Kysely } from 'kysely';
import {
  createCustomer,
  deleteCustomer,
  deleteCustomers,
  listCustomers,
  ownCustomer,
  setCustomersStatus,
  updateCustomer,
} from './store.ts';

const security = [{ session: [] }];
const tags = ['customers'];

/**
 * The customer book (issue 19 item 8): each call sees and changes only the signed-in technician's
 * own customers; another user's customer is not found, never a hint that it exists.
 */
export function registerCustomerRoutes(app: App, { db }: { db: Kysely<Database> }): void {
  // Identical pages asked for in one event-loop turn share one read (see `sharedReads`).
  const sharedPage = sharedReads<Awaited<ReturnType<typeof listCustomers>>>();
  app.get(
    '/api/customers',
    {
      schema: {
        tags,
        summary: 'Your customers, newest first; `search` matches name, company, e-mail or phone',
        security,
        querystring: customersQuerySchema,
        response: { 200: collectionSchema(customerSchema) },
      },
    },
    async (request) => {
      const { page, itemsPerPage, search } = request.query;
      return sharedPage(JSON.stringify([request.user.id, page, itemsPerPage, search]), () =>
        listCustomers(db, request.user.id, request.query),
      );
    },
  );

  app.get(
    '/api/customers/:id',
    {
      schema: {
        tags,
        summary: 'One of your customers; 404 for any customer that is not yours',
        security,
        params: customerIdParamsSchema,
        response: { 200: customerSchema },
      },
    },
    async (request) => ownCustomer(db, request.user.id, request.params.id),
  );

  app.post(
    '/api/customers',
    {
      schema: {
        tags,
        summary: 'Add a customer (409 once your book holds 100,000)',
        security,
        body: customerBodySchema,
        response: { 201: customerSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createCustomer(db, request.user.id, request.body)),
  );

  app.put(
    '/api/customers/:id',
    {
      schema: {
        tags,
        summary: 'Replace one of your customers with the form as submitted',
        security,
        params: customerIdParamsSchema,
        body: customerBodySchema,
        response: { 200: customerSchema },
      },
    },
    async (request) => updateCustomer(db, request.user.id, request.params.id, request.body),
  );

  app.delete(
    '/api/customers/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of your customers',
        security,
        params: customerIdParamsSchema,
      },
    },
    async (request, reply) => {
      await deleteCustomer(db, request.user.id, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/customers/bulk-status',
    {
      schema: {
        tags,
        summary: 'Set the status of the listed customers (1..100 ids; ids that are not yours change nothing)',
        security,
        body: customerBulkStatusBodySchema,
        response: { 200: customerBulkResultSchema },
      },
    },
    async (request) => ({
      count: await setCustomersStatus(db, request.user.id, request.body.ids, request.body.status),
    }),
  );

  app.post(
    '/api/customers/bulk-delete',
    {
      schema: {
        tags,
        summary: 'Delete the listed customers (1..100 ids; ids that are not yours change nothing)',
        security,
        body: customerBulkDeleteBodySchema,
        response: { 200: customerBulkResultSchema },
      },
    },
    async (request) => ({ count: await deleteCustomers(db, request.user.id, request.body.ids) }),
  );
}

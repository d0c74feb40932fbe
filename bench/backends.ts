import { randomBytes } from 'node:crypto';
import { openPostgres } from '@benchside/db/open-database';
import { startS3TestServer } from '@benchside/server/storage/s3-test-server';
import { sql } from 'kysely';

/** The settings of one stack's database and files, and how to remove them afterwards. */
export type Provisioned = { env: NodeJS.ProcessEnv; release: () => Promise<void> };

/** Where a stack keeps its rows and its files: a column of `npm run bench`. */
export interface Backend {
  name: string;
  /** A fresh, empty database and file store for one stack. */
  provision(): Promise<Provisioned>;
}

/** What `npm start` runs on: PGlite and the local folder, both in the stack's own DATA_DIR. */
export const EMBEDDED: Backend = {
  name: 'PGlite + folder',
  provision: async () => ({ env: {}, release: async () => {} }),
};

/**
 * PostgreSQL at `serverUrl` and an S3 bucket (s3rver on loopback), as a deployment past one
 * machine runs. Each stack gets a schema of its own on that server, so the database need not be
 * empty and no CREATEDB right is needed, and a bucket of its own.
 */
export function postgresAndS3(serverUrl: string): Backend {
  return {
    name: 'PostgreSQL + S3',
    async provision() {
      const schema = `benchside_bench_${randomBytes(6).toString('hex')}`;
      const admin = await openPostgres(serverUrl);
      const dropSchema = async () => {
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db);
        await admin.close();
      };
      await sql`create schema ${sql.id(schema)}`.execute(admin.db);
      // A bucket that fails to start must not leave the schema behind on a shared server.
      const bucket = await startS3TestServer().catch(async (error: unknown) => {
        await dropSchema();
        throw error;
      });
      const databaseUrl = new URL(serverUrl);
      databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
      return {
        // startS3TestServer put s3rver's credentials into this process's environment.
        env: {
          DATABASE_URL: databaseUrl.href,
          ...bucket.env,
          AWS_ACCESS_KEY_ID: process.env.AWS_ACCESS_KEY_ID,
          AWS_SECRET_ACCESS_KEY: process.env.AWS_SECRET_ACCESS_KEY,
          AWS_REQUEST_CHECKSUM_CALCULATION: process.env.AWS_REQUEST_CHECKSUM_CALCULATION,
          AWS_RESPONSE_CHECKSUM_VALIDATION: process.env.AWS_RESPONSE_CHECKSUM_VALIDATION,
        },
        async release() {
          await bucket.close();
          await dropSchema();
        },
      };
    },
  };
}

/** The columns of this run: the embedded defaults, and PostgreSQL + S3 when BENCH_DATABASE_URL is set. */
export function benchBackends(): Backend[] {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  return serverUrl ? [EMBEDDED, postgresAndS3(serverUrl)] : [EMBEDDED];
}

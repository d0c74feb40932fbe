import { type PGlite, parse, protocol, type Results } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { BackendMessage, NotificationResponseMessage } from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';
import { isStalePlan, MAX_PREPARED_STATEMENTS } from './prepared-statements.ts';

const COMMANDS_WITH_AFFECTED_ROWS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/**
 * PGlite's message classes are a fork of pg-protocol's, and its `parse` helpers read them by their
 * `name` and fields only; the types differ in private members, not in what those helpers read.
 */
function asPGliteMessages(messages: BackendMessage[]): Parameters<typeof parse.parseResults>[0] {
  return messages as unknown as Parameters<typeof parse.parseResults>[0];
}

type PreparedStatement = { name: string; parameterTypes: number[] };

/** Hears a notice (NOTIFY) the engine sent with an answer. */
export type NoticeHandler = (channel: string, payload: string) => void;

function concatenate(messages: Uint8Array[]): Uint8Array {
  const buffer = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    buffer.set(message, offset);
    offset += message.length;
  }
  return buffer;
}

/**
 * Queries with parameters run as named prepared statements, parsed and planned once per SQL text,
 * and each execution is one bind–execute–sync round into the engine. `PGlite.query` parses, plans
 * and describes every call anew, which made a one-row lookup about four times slower.
 */
class PGliteConnection implements DatabaseConnection {
  private readonly statements = new Map<string, PreparedStatement>();
  private statementCount = 0;

  constructor(
    private readonly pglite: PGlite,
    private readonly hear: NoticeHandler,
  ) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result =
      compiledQuery.parameters.length === 0
        ? await this.pglite.query<R>(compiledQuery.sql)
        : await this.executePrepared<R>(compiledQuery.sql, compiledQuery.parameters);
    return {
      rows: result.rows,
      numAffectedRows:
        result.command !== undefined && COMMANDS_WITH_AFFECTED_ROWS.has(result.command)
          ? BigInt(result.affectedRows ?? 0)
          : undefined,
    };
  }

  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on PGlite');
  }

  private async executePrepared<R>(sqlText: string, parameters: readonly unknown[]): Promise<Results<R>> {
    try {
      return await this.bindAndExecute<R>(await this.prepare(sqlText), parameters);
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      await this.forgetAllStatements();
      return this.bindAndExecute<R>(await this.prepare(sqlText), parameters);
    }
  }

  private async prepare(sqlText: string): Promise<PreparedStatement> {
    const known = this.statements.get(sqlText);
    if (known) return known;
    if (this.statements.size >= MAX_PREPARED_STATEMENTS) await this.forgetOldestStatement();
    const name = `bs_${++this.statementCount}`;
    const messages = await this.exchange(
      concatenate([
        protocol.serialize.parse({ name, text: sqlText }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = {
      name,
      parameterTypes: parse.parseDescribeStatementResults(asPGliteMessages(messages)),
    };
    this.statements.set(sqlText, statement);
    return statement;
  }

  private async bindAndExecute<R>(statement: PreparedStatement, parameters: readonly unknown[]) {
    const values = parameters.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serialize = this.pglite.serializers[statement.parameterTypes[index] ?? 0];
      return serialize ? serialize(value) : String(value);
    });
    const messages = await this.exchange(
      concatenate([
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      { syncToFs: true },
    );
    const [result] = parse.parseResults(asPGliteMessages(messages), this.pglite.parsers) as Results<R>[];
    return result ?? { rows: [], fields: [] };
  }

  /**
   * One round into the engine, its answer read by node-postgres's protocol parser, which decodes
   * each field straight from the answer's bytes; PGlite's own parser (behind `execProtocol`) copied
   * every field into a buffer of its own first, a fifth of a list call's CPU. The engine's error,
   * if any, is thrown as `execProtocol` throws it: the protocol's error with its code and message.
   * Notices in the answer (a trigger's NOTIFY on a change this statement committed) are heard
   * before the statement's caller resumes, as PGlite's own parser does for the other queries.
   */
  private async exchange(message: Uint8Array, options: { syncToFs: boolean }): Promise<BackendMessage[]> {
    const chunks: Buffer[] = [];
    await this.pglite.execProtocolRawStream(message, {
      syncToFs: options.syncToFs,
      // The chunk is a view of the engine's memory, reused by its next write: copied here.
      onRawData: (chunk) => chunks.push(Buffer.from(chunk)),
    });
    const messages: BackendMessage[] = [];
    new Parser().parse(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks), (answer) =>
      messages.push(answer),
    );
    const error = messages.find((answer) => answer.name === 'error');
    if (error) throw error;
    for (const answer of messages) {
      if (answer.name === 'notification') {
        const notice = answer as NotificationResponseMessage;
        this.hear(notice.channel, notice.payload);
      }
    }
    return messages;
  }

  private async forgetOldestStatement(): Promise<void> {
    const oldest = this.statements.entries().next().value;
    if (!oldest) return;
    this.statements.delete(oldest[0]);
    await this.closeStatements([oldest[1].name]);
  }

  private async forgetAllStatements(): Promise<void> {
    const names = [...this.statements.values()].map((statement) => statement.name);
    this.statements.clear();
    await this.closeStatements(names);
  }

  private async closeStatements(names: string[]): Promise<void> {
    if (names.length === 0) return;
    await this.exchange(
      concatenate([
        ...names.map((name) => protocol.serialize.close({ type: 'S', name })),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
  }
}

/**
 * PGlite is one connection: queries from concurrent requests must not interleave with an open
 * transaction, so the single connection is handed out to one holder at a time.
 */
class PGliteDriver implements Driver {
  private readonly pglite: PGlite;
  private readonly connection: PGliteConnection;
  private queue: Promise<void> = Promise.resolve();
  private releaseCurrent: (() => void) | undefined;

  constructor(pglite: PGlite, hear: NoticeHandler) {
    this.pglite = pglite;
    this.connection = new PGliteConnection(pglite, hear);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.queue;
    let release: () => void = () => {};
    this.queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.releaseCurrent = release;
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    const access = settings.accessMode ? ` ${settings.accessMode}` : '';
    await connection.executeQuery(CompiledQuery.raw(`start transaction${isolation}${access}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    const release = this.releaseCurrent;
    this.releaseCurrent = undefined;
    release?.();
  }

  async destroy(): Promise<void> {
    await this.queue;
    if (!this.pglite.closed) await this.pglite.close();
  }
}

/** Kysely's PostgreSQL SQL, run by an embedded PGlite instead of a server. */
export class PGliteDialect implements Dialect {
  constructor(
    private readonly pglite: PGlite,
    private readonly hear: NoticeHandler,
  ) {}

  createAdapter() {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.hear);
  }

  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

import { SpanKind, SpanStatusCode, type Context, type Span } from '@opentelemetry/api';
import {
  ATTR_DB_COLLECTION_NAME,
  ATTR_DB_OPERATION_NAME,
  ATTR_DB_QUERY_SUMMARY,
  ATTR_DB_RESPONSE_STATUS_CODE,
  ATTR_DB_SYSTEM_NAME,
  ATTR_ERROR_TYPE,
} from '@opentelemetry/semantic-conventions';
import type postgres from 'postgres';
import { parentContext, type TraceKit } from './tracing-kit.js';

/** The driver's query object, as far as a span needs it (the same hooks db/client.ts bounds waits with). */
interface DriverQuery {
  strings: readonly string[];
  handle(): Promise<void>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

function isDriverQuery(value: unknown): value is DriverQuery {
  return value instanceof Promise && 'strings' in value && typeof (value as { handle?: unknown }).handle === 'function';
}

const OPERATIONS = new Set(['select', 'insert', 'update', 'delete', 'with', 'begin', 'commit', 'rollback', 'savepoint', 'release', 'set', 'lock', 'listen', 'unlisten', 'notify', 'create', 'alter', 'drop', 'truncate', 'copy', 'call', 'do', 'vacuum', 'analyze']);
const LEADING_WORD = /^\s*(?:\/\*[\s\S]*?\*\/\s*)?([a-z]+)/i;
const FIRST_TABLE = /\b(?:from|into|update)\s+("?[a-z_][\w$]*"?(?:\."?[a-z_][\w$]*"?)?)/i;

/**
 * The operation and first table of a statement, read from its text: drizzle and the driver
 * send values as parameters, so the text holds placeholders only; it is not exported itself.
 */
export function describeStatement(text: string): { operation: string | undefined; table: string | undefined } {
  const word = LEADING_WORD.exec(text)?.[1]?.toLowerCase();
  const operation = word && OPERATIONS.has(word) ? word.toUpperCase() : undefined;
  const table = operation && operation !== 'WITH' ? FIRST_TABLE.exec(text)?.[1]?.replaceAll('"', '') : undefined;
  return { operation, table };
}

/**
 * The pool (or a transaction's handle) with a CLIENT span around every query sent inside a trace:
 * from the moment the query is handed to the pool to its answer. Transactions, savepoints and
 * reserved connections hand out wrapped handles, so their queries are traced too.
 */
export function querySpans(kit: TraceKit, sql: postgres.Sql): postgres.Sql {
  const track = <T>(result: T): T => {
    // Fragments nested in another query are never sent themselves, so the span starts on send.
    if (!isDriverQuery(result)) return result;
    const query = result;
    const { handle, resolve, reject } = query;
    let span: Span | undefined;
    let started = false;
    query.handle = () => {
      if (!started) {
        started = true;
        const parent = parentContext(kit);
        if (parent) span = startQuerySpan(kit, query.strings.join('?'), parent);
      }
      return handle.call(query);
    };
    query.resolve = (value) => {
      span?.end();
      resolve.call(query, value);
    };
    query.reject = (error) => {
      if (span) {
        const code = (error as { code?: unknown }).code;
        const type = typeof code === 'string' ? code : error instanceof Error ? error.name : 'error';
        span.setAttributes({ [ATTR_ERROR_TYPE]: type, ...(typeof code === 'string' ? { [ATTR_DB_RESPONSE_STATUS_CODE]: code } : {}) });
        // No message: a database error's text may quote a value.
        span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      }
      reject.call(query, error);
    };
    return result;
  };

  const wrap = <S extends postgres.Sql>(target: S): S =>
    new Proxy(target, {
      apply: (fn, thisArg, args: unknown[]) => track(Reflect.apply(fn, thisArg, args)),
      get: (object, property, receiver) => {
        if (property === 'unsafe') return (...args: Parameters<postgres.Sql['unsafe']>) => track(object.unsafe(...args));
        if (property === 'begin' || property === 'savepoint') {
          const open = Reflect.get(object, property, receiver) as (...a: unknown[]) => Promise<unknown>;
          return (...args: unknown[]) => {
            const work = args.pop() as (tx: postgres.Sql) => unknown;
            return open(...args, (tx: postgres.Sql) => work(wrap(tx)));
          };
        }
        if (property === 'reserve') return async () => wrap(await object.reserve());
        return Reflect.get(object, property, receiver) as unknown;
      },
    });
  return wrap(sql);
}

function startQuerySpan(kit: TraceKit, text: string, parent: Context): Span {
  const { operation, table } = describeStatement(text);
  const summary = operation ? (table ? `${operation} ${table}` : operation) : 'postgresql';
  return kit.tracer.startSpan(
    summary,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        [ATTR_DB_SYSTEM_NAME]: 'postgresql',
        // The attribute's earlier name, which many tracing back-ends still group by.
        'db.system': 'postgresql',
        [ATTR_DB_QUERY_SUMMARY]: summary,
        ...(operation ? { [ATTR_DB_OPERATION_NAME]: operation } : {}),
        ...(table ? { [ATTR_DB_COLLECTION_NAME]: table } : {}),
      },
    },
    parent,
  );
}

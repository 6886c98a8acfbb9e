import {
  messages as backendMessages,
  parse,
  protocol,
  types,
  type messages,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from "@electric-sql/pglite";

/** Distinct statements kept prepared; the least recently used is closed beyond this. */
const MAX_STATEMENTS = 500;

const { serialize } = protocol;
type BackendMessage = messages.BackendMessage;

interface Statement {
  name: string;
  /** The parameter types PostgreSQL inferred, for serialising values as PGlite does. */
  parameterTypes: number[];
  /** Its result's columns, described once (a statement's columns do not change). */
  description: BackendMessage[];
  /** The same columns as PGlite's results list them. */
  fields: { name: string; dataTypeID: number }[];
}

type RowParser = PGlite["parsers"][number];

function concat(...parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

type Query = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

/**
 * Makes every SQL text PGlite runs through query() a named prepared statement, parsed once and
 * planned once (PostgreSQL keeps a generic plan once it pays), and runs it with one call into the
 * WASM postgres: bind, execute, sync (its columns were described when it was parsed). PGlite's own query() parses and plans every time,
 * in six calls; a cart read spent two thirds of its 1.2–1.8 ms there
 * (docs/decisions/015-performance-measured-with-wrk.md). Drizzle and Better Auth call query(), on
 * the client and on transactions, so both are replaced; exec() (several statements, migrations'
 * SQL) is left alone.
 *
 * It reaches past PGlite's public API (its two mutexes, as query() takes them; the protocol and
 * parse helpers it exports): pglite-statements.test.ts fails loudly when a new PGlite changes them.
 */
export function reuseStatements(client: PGlite, maxStatements = MAX_STATEMENTS): void {
  const statements = new Map<string, Statement>();
  let nextName = 0;

  const prepare = async (text: string, options: QueryOptions | undefined): Promise<Statement> => {
    const known = statements.get(text);
    if (known) {
      // Most recently used last, so eviction takes the oldest first.
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    const name = `pglite_${(nextName += 1)}`;
    const messages = await client.execProtocolStream(
      concat(
        serialize.parse({ name, text, types: options?.paramTypes ?? [] }),
        serialize.describe({ type: "S", name }),
        serialize.sync(),
      ),
      { syncToFs: false },
    );
    const description = messages.filter((message) => message.name === "rowDescription");
    const statement = {
      name,
      parameterTypes: parse.parseDescribeStatementResults(messages),
      description,
      fields: description.flatMap((message) =>
        (message as messages.RowDescriptionMessage).fields.map(({ name, dataTypeID }) => ({
          name,
          dataTypeID,
        })),
      ),
    };
    statements.set(text, statement);
    for (const [oldest, { name: oldestName }] of statements) {
      if (statements.size <= maxStatements) break;
      statements.delete(oldest);
      await client.execProtocolStream(
        concat(serialize.close({ type: "S", name: oldestName }), serialize.sync()),
        {
          syncToFs: false,
        },
      );
    }
    return statement;
  };

  /** PGlite's own serialisation: the type's serializer, else the value's text. */
  const valuesFor = (statement: Statement, params: unknown[], options: QueryOptions | undefined) =>
    params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const type = statement.parameterTypes[index]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(param) : String(param);
    });

  const run = async <T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> => {
    const statement = await prepare(text, options);
    // The raw answer, unparsed: execProtocolRaw and execProtocolStream both run PGlite's parser.
    const chunks: Uint8Array[] = [];
    await client.execProtocolRawStream(
      concat(
        serialize.bind({ statement: statement.name, values: valuesFor(statement, params, options) }),
        serialize.execute({}),
        serialize.sync(),
      ),
      // The chunk is a view of the WASM memory: copied before the next call reuses it.
      { syncToFs: false, onRawData: (chunk) => chunks.push(chunk.slice()) },
    );
    const answer = chunks.length === 1 ? chunks[0]! : concat(...chunks);
    if (!inTransaction) await client.syncToFs();
    const { parsers, rest } = parsingFor(options);
    const plain = readPlainAnswer(answer);
    if (plain) return resultsOf<T>(plain, statement, parsers, rest?.rowMode);
    // Anything else (an error, a notice): PGlite's own parser and results, as execProtocolStream has them.
    const messages: BackendMessage[] = [];
    new protocol.Parser().parse(answer, (message) => messages.push(message));
    const error = messages.find((message) => message instanceof backendMessages.DatabaseError);
    if (error) throw error;
    // parseResults copies the parsers' own keys: give it all of them.
    return parse.parseResults(
      [...statement.description, ...messages],
      { ...client.parsers, ...options?.parsers },
      rest,
    )[0] as Results<T>;
  };

  /**
   * parseResults merges the query's parsers into PGlite's (hundreds of types) on every call, which
   * took a tenth of a cart add; a prepared drizzle statement passes the same options object every
   * time, so merge once. Every statement drizzle does not prepare (checkout's) brings new options:
   * their few parsers go in front of PGlite's through the prototype chain instead of into a copy
   * of all of them (that copy was 14 % of a checkout's CPU, docs/decisions/039-checkout-cpu.md).
   */
  const merged = new WeakMap<QueryOptions, { parsers: PGlite["parsers"]; rest: QueryOptions }>();
  const parsingFor = (options: QueryOptions | undefined) => {
    if (!options?.parsers) return { parsers: client.parsers, rest: options };
    let entry = merged.get(options);
    if (!entry) {
      const { parsers, ...rest } = options;
      const layered = Object.assign(Object.create(client.parsers) as PGlite["parsers"], parsers);
      entry = { parsers: layered, rest };
      merged.set(options, entry);
    }
    return entry;
  };

  const ownQuery = client.query.bind(client) as Query;
  const query: Query = async (text, params = [], options) => {
    // A query with a file attached (COPY … '/dev/blob') needs PGlite's own handling.
    if (options?.blob) return ownQuery(text, params, options);
    // "PGlite is closed" once it is, as its own query() says (answered 503).
    await client._checkReady();
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => run(text, params, options, false)),
    );
  };
  client.query = query;

  const ownTransaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    ownTransaction((tx) => {
      const ownTxQuery = tx.query.bind(tx) as Query;
      const txQuery: Query = async (text, params = [], options) => {
        if (tx.closed) throw new Error("Transaction is closed");
        // The transaction holds the transaction mutex; each statement takes the query mutex.
        return options?.blob
          ? ownTxQuery(text, params, options)
          : client._runExclusiveQuery(() => run(text, params, options, true));
      };
      tx.query = txQuery;
      return callback(tx);
    });
}

const decoder = new TextDecoder();
const BIND_COMPLETE = 0x32;
const DATA_ROW = 0x44;
const COMMAND_COMPLETE = 0x43;
const READY_FOR_QUERY = 0x5a;
const EMPTY_QUERY = 0x49;

interface PlainAnswer {
  rows: (string | null)[][];
  /** CommandComplete's tag ("SELECT 3", "INSERT 0 1"); undefined for an empty query. */
  tag?: string;
}

/**
 * The answer to bind, execute, sync when it holds only rows and their command's tag, read in place
 * (PGlite's parser copies every value into a buffer of its own first, which was a tenth of a cart
 * request: docs/decisions/018-cart-paths-profiled.md); undefined for anything else (an error, a
 * notice), which PGlite's parser then reads.
 */
function readPlainAnswer(answer: Uint8Array): PlainAnswer | undefined {
  const view = new DataView(answer.buffer, answer.byteOffset, answer.byteLength);
  const plain: PlainAnswer = { rows: [] };
  let offset = 0;
  while (offset < answer.length) {
    if (offset + 5 > answer.length) return undefined;
    const type = answer[offset];
    const start = offset + 5;
    const end = offset + 1 + view.getInt32(offset + 1);
    if (end > answer.length || end < start) return undefined;
    if (type === DATA_ROW) {
      const row: (string | null)[] = new Array(view.getInt16(start));
      let at = start + 2;
      for (let column = 0; column < row.length; column++) {
        const size = view.getInt32(at);
        at += 4;
        row[column] = size === -1 ? null : decoder.decode(answer.subarray(at, (at += size)));
      }
      plain.rows.push(row);
    } else if (type === COMMAND_COMPLETE) {
      if (plain.tag !== undefined) return undefined;
      plain.tag = decoder.decode(answer.subarray(start, end - 1));
    } else if (type !== BIND_COMPLETE && type !== READY_FOR_QUERY && type !== EMPTY_QUERY) {
      return undefined;
    }
    offset = end;
  }
  return plain;
}

/** What PGlite's parseResults makes of such an answer (see pglite-statements.test.ts). */
function resultsOf<T>(
  { rows, tag }: PlainAnswer,
  statement: Statement,
  parsers: PGlite["parsers"],
  rowMode: QueryOptions["rowMode"],
): Results<T> {
  if (tag === undefined) return { affectedRows: 0, rows: [], fields: [] };
  const fields = statement.fields;
  const columnParsers: (RowParser | undefined)[] = fields.map(
    ({ dataTypeID }) => parsers[dataTypeID] ?? types.parsers[dataTypeID],
  );
  const value = (text: string | null, column: number) => {
    if (text === null) return null;
    const parser = columnParsers[column];
    return parser ? parser(text, fields[column]!.dataTypeID) : text;
  };
  const parsedRows =
    rowMode === "array"
      ? rows.map((row) => row.map(value))
      : rows.map((row) => {
          const object: Record<string, unknown> = {};
          for (let column = 0; column < row.length; column++)
            object[fields[column]!.name] = value(row[column]!, column);
          return object;
        });
  const words = tag.split(" ");
  const command = words[0]!;
  const count = parseInt(words[words.length - 1]!, 10);
  const counted = ["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"].includes(command);
  return {
    rows: parsedRows as T[],
    fields: fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
    command,
    affectedRows: counted ? count : 0,
    ...(Number.isNaN(count) ? {} : { rowCount: count }),
  } as Results<T>;
}

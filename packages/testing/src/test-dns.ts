import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createUDPServer, Packet, type DnsHandler } from 'dns2';

/**
 * A DNS server for tests: answers the CNAME and TXT records a test sets, NXDOMAIN for any other name. Started with
 * a records file, it reads its records there at each question, so that a test in another process sets them
 * (testDnsOn): the product the browser tests share asks such a server.
 */
export interface TestDns {
  /** `127.0.0.1:port`: what DNS_SERVERS (node's Resolver.setServers) takes. */
  server: string;
  setCname(name: string, target: string): void;
  setTxt(name: string, value: string): void;
  /** Forgets every record of `name`. */
  remove(name: string): void;
  /** Every query is left unanswered (a DNS outage), or answered again. */
  silence(silent: boolean): void;
  stop(): Promise<void>;
}

/** The records of a test DNS server, by lower-case name. */
interface DnsRecords {
  cnames: Record<string, string>;
  txts: Record<string, string[]>;
}

/** Where a server's records are kept: in memory, or in a file another process may write. */
interface RecordStore {
  read(): DnsRecords;
  write(records: DnsRecords): void;
}

function memoryStore(): RecordStore {
  let records: DnsRecords = { cnames: {}, txts: {} };
  return {
    read: () => records,
    write: (next) => {
      records = next;
    },
  };
}

function fileStore(file: string): RecordStore {
  return {
    read: () => {
      try {
        return JSON.parse(readFileSync(file, 'utf8')) as DnsRecords;
      } catch {
        return { cnames: {}, txts: {} };
      }
    },
    // Whole or not at all: the server may read while a test writes.
    write: (records) => {
      writeFileSync(`${file}.next`, JSON.stringify(records));
      renameSync(`${file}.next`, file);
    },
  };
}

/** setCname, setTxt and remove on `store`. */
function recordSetters(store: RecordStore): Pick<TestDns, 'setCname' | 'setTxt' | 'remove'> {
  const change = (update: (records: DnsRecords) => void) => {
    const records = store.read();
    update(records);
    store.write(records);
  };
  return {
    setCname: (name, target) =>
      change((records) => {
        records.cnames[name.toLowerCase()] = target;
      }),
    setTxt: (name, value) =>
      change((records) => {
        records.txts[name.toLowerCase()] = [...(records.txts[name.toLowerCase()] ?? []), value];
      }),
    remove: (name) =>
      change((records) => {
        delete records.cnames[name.toLowerCase()];
        delete records.txts[name.toLowerCase()];
      }),
  };
}

/**
 * The test DNS server at `server` that another process started with `recordsFile`: setCname, setTxt and remove
 * change what it answers. Neither silence nor stop reach it.
 */
export function testDnsOn(server: string, recordsFile: string): TestDns {
  return {
    server,
    ...recordSetters(fileStore(recordsFile)),
    silence: () => {
      throw new Error('A test DNS server of another process cannot be silenced');
    },
    stop: async () => undefined,
  };
}

export async function startTestDns(options: { recordsFile?: string } = {}): Promise<TestDns> {
  const store = options.recordsFile ? fileStore(options.recordsFile) : memoryStore();
  let silent = false;
  const handle: DnsHandler = (request, send) => {
    if (silent) return;
    const response = Packet.createResponseFromRequest(request);
    const [question] = request.questions;
    const name = question?.name.toLowerCase() ?? '';
    const { cnames, txts } = store.read();
    const cname = Object.hasOwn(cnames, name) ? cnames[name] : undefined;
    const txt = Object.hasOwn(txts, name) ? txts[name] : undefined;
    if (!cname && !txt) response.header.rcode = Packet.RCODE.NXDOMAIN;
    if (cname && (question?.type === Packet.TYPE.CNAME || question?.type === Packet.TYPE.A)) {
      response.answers.push(
        record({ name, type: Packet.TYPE.CNAME, class: Packet.CLASS.IN, ttl: 60, domain: cname }),
      );
    }
    if (txt && question?.type === Packet.TYPE.TXT) {
      for (const data of txt) {
        response.answers.push(record({ name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 60, data }));
      }
    }
    void send(response);
  };
  const server = createUDPServer(handle);
  await server.listen(0, '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  return {
    server: `127.0.0.1:${port}`,
    ...recordSetters(store),
    silence: (value) => {
      silent = value;
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

type Answer = Packet['answers'][number];

/** dns2 encodes plain answer objects; its types ask for the class instances its decoder makes. */
function record(fields: Omit<Answer, 'toBuffer'>): Answer {
  return fields as Answer;
}

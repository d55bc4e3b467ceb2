import type { AddressInfo } from 'node:net';
import { createUDPServer, Packet, type DnsHandler } from 'dns2';

/** A DNS server for tests: answers the CNAME and TXT records a test sets, NXDOMAIN for any other name. */
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

export async function startTestDns(): Promise<TestDns> {
  const cnames = new Map<string, string>();
  const txts = new Map<string, string[]>();
  let silent = false;
  const handle: DnsHandler = (request, send) => {
    if (silent) return;
    const response = Packet.createResponseFromRequest(request);
    const [question] = request.questions;
    const name = question?.name.toLowerCase() ?? '';
    const cname = cnames.get(name);
    const txt = txts.get(name);
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
    setCname: (name, target) => cnames.set(name.toLowerCase(), target),
    setTxt: (name, value) => txts.set(name.toLowerCase(), [...(txts.get(name.toLowerCase()) ?? []), value]),
    remove: (name) => {
      cnames.delete(name.toLowerCase());
      txts.delete(name.toLowerCase());
    },
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
